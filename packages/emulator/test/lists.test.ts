// Lists the API's way (seed 000 section 2.2 and its common list parameters L).
import { describe, expect, it } from "vitest";
import { accountPath, call, newEmulator, SANDBOX } from "./helpers.js";

type Emu = Awaited<ReturnType<typeof newEmulator>>;

async function campaigns(emu: Emu, n: number, prefix = "c") {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const answer = await call(
      emu,
      "POST",
      accountPath(
        emu,
        `/campaigns?funding_instrument_id=lygyi&name=${prefix}${String(i).padStart(3, "0")}&entity_status=PAUSED`,
      ),
    );
    ids.push(answer.body.data.id);
  }
  return ids;
}

async function pages(emu: Emu, query: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const answer = await call(
      emu,
      "GET",
      accountPath(emu, `/campaigns?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`),
    );
    expect(answer.status).toBe(200);
    seen.push(...answer.body.data.map((c: { id: string }) => c.id));
    cursor = answer.body.next_cursor;
    requests++;
  } while (cursor !== null && requests < 100);
  return { seen, requests };
}

describe("lists (seed 000 section 2.2)", () => {
  it("page with opaque cursors that end with next_cursor: null, every record once", async () => {
    const emu = await newEmulator({ rateLimits: false });
    const ids = await campaigns(emu, 25);
    const { seen, requests } = await pages(emu, "count=10");
    expect(requests).toBe(Math.ceil((ids.length + 3) / 10));
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids) expect(seen).toContain(id);
  });

  it("keep a stable order under inserts: records added while paging neither repeat nor push others off", async () => {
    const emu = await newEmulator({ rateLimits: false });
    const ids = await campaigns(emu, 12);
    const first = await call(emu, "GET", accountPath(emu, "/campaigns?count=5"));
    const added = await campaigns(emu, 3, "late");
    const rest = await call(emu, "GET", accountPath(emu, `/campaigns?count=1000&cursor=${first.body.next_cursor}`));
    const seen = [...first.body.data, ...rest.body.data].map((c: { id: string }) => c.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of [...ids, ...added]) expect(seen).toContain(id);
  });

  it("count defaults to the spec's 200 and is bounded 1..1000", async () => {
    const emu = await newEmulator({ rateLimits: false });
    await campaigns(emu, 205);
    expect((await call(emu, "GET", accountPath(emu, "/campaigns"))).body.data).toHaveLength(200);
    const bad = await call(emu, "GET", accountPath(emu, "/campaigns?count=1001"));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "count" });
  });

  it("with_total_count adds total_count, and excludes cursor", async () => {
    const emu = await newEmulator({ rateLimits: false });
    await campaigns(emu, 4);
    const answer = await call(emu, "GET", accountPath(emu, "/campaigns?with_total_count=true&count=2"));
    expect(answer.body.total_count).toBe(answer.body.data.length + 2 + 3);
    const both = await call(
      emu,
      "GET",
      accountPath(emu, `/campaigns?with_total_count=true&cursor=${answer.body.next_cursor}`),
    );
    expect(both.status).toBe(400);
    expect(both.body.errors[0].code).toBe("EXCLUSIVE_PARAMETERS");
  });

  it("sort_by orders by an attribute either way, and pages keep that order", async () => {
    const emu = await newEmulator({ rateLimits: false });
    await campaigns(emu, 7);
    const names = async (query: string) => (await pages(emu, query)).seen;
    const desc = (await call(emu, "GET", accountPath(emu, "/campaigns?sort_by=name-desc&count=1000"))).body.data.map(
      (c: { name: string }) => c.name,
    );
    expect(desc).toEqual([...desc].sort().reverse());
    const paged = await names("sort_by=name-desc&count=3");
    expect(paged).toHaveLength(desc.length);
    expect((await call(emu, "GET", accountPath(emu, "/campaigns?sort_by=colour-asc"))).status).toBe(400);
  });

  it("filters by ids (campaign_ids, funding_instrument_ids) and by q, a case-insensitive name prefix", async () => {
    const emu = await newEmulator({ rateLimits: false });
    const ids = await campaigns(emu, 5, "Alpha");
    await campaigns(emu, 2, "beta");
    const byIds = await call(emu, "GET", accountPath(emu, `/campaigns?campaign_ids=${ids[0]},${ids[3]}`));
    expect(byIds.body.data.map((c: { id: string }) => c.id).sort()).toEqual([ids[0], ids[3]].sort());
    const byQ = await call(emu, "GET", accountPath(emu, "/campaigns?q=alp&count=1000"));
    expect(byQ.body.data).toHaveLength(5);
    const byFunding = await call(emu, "GET", accountPath(emu, "/campaigns?funding_instrument_ids=nothere"));
    expect(byFunding.body.data).toEqual([]);
    expect(byFunding.body.next_cursor).toBeNull();
  });

  it("new ids look like the spec's examples (EntityId, as long as the example)", async () => {
    const emu = await newEmulator();
    const [id] = await campaigns(emu, 1);
    expect(id).toMatch(/^[0-9a-z]{5}$/);
    const account = await call(emu, "POST", `${SANDBOX}/12/accounts`);
    expect(account.body.data[0].id).toMatch(/^[0-9a-z]{11}$/);
  });

  it("a cursor that was not issued answers INVALID_PARAMETER naming cursor", async () => {
    const emu = await newEmulator();
    const answer = await call(emu, "GET", accountPath(emu, "/campaigns?cursor=8x7v00oow"));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].parameter).toBe("cursor");
  });
});
