// Tenants: one emulator, many isolated test workers. Each tenant's credentials reach only its own
// records, ids, clock, rate-limit windows, faults and log; the controls act on the tenant they name.
import { describe, expect, it } from "vitest";
import type { Emulator, TenantEmulator } from "../src/index.js";
import { MAX_TENANTS } from "../src/tenants/registry.js";
import { call, newEmulator, START } from "./helpers.js";

const as = (tenant: TenantEmulator, timestamp = Math.floor(START / 1000)) => ({
  consumerKey: tenant.fixture.consumerKey,
  consumerSecret: tenant.fixture.consumerSecret,
  token: tenant.fixture.token,
  tokenSecret: tenant.fixture.tokenSecret,
  timestamp,
});
const campaigns = (tenant: TenantEmulator) => `/12/accounts/${tenant.fixture.accountId}/campaigns`;
const newCampaign = (tenant: TenantEmulator, name: string) =>
  `${campaigns(tenant)}?funding_instrument_id=${tenant.fixture.fundingInstrumentId}&name=${name}&entity_status=PAUSED`;

async function listIds(emu: Emulator, tenant: TenantEmulator, base: string, timestamp?: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = `count=7&with_deleted=false${cursor ? `&cursor=${cursor}` : ""}`;
    const page = await call(emu, "GET", `${base}${campaigns(tenant)}?${query}`, as(tenant, timestamp));
    expect(page.status, page.text).toBe(200);
    ids.push(...page.body.data.map((campaign: { id: string }) => campaign.id));
    cursor = page.body.next_cursor;
  } while (cursor);
  return ids.sort();
}

describe("tenants", () => {
  it("give each tenant fresh credentials, the fixture's records, and records and ids of its own", async () => {
    const emu = await newEmulator();
    const a = emu.tenants.create();
    const b = emu.tenants.create();
    expect(new Set([emu.fixture.consumerKey, a.fixture.consumerKey, b.fixture.consumerKey]).size).toBe(3);
    expect(a.fixture.consumerSecret).not.toBe(emu.fixture.consumerSecret);
    expect(a.fixture.accountId).toBe(emu.fixture.accountId);
    const start = await listIds(emu, a, "https://ads-api.x.com");
    expect(await listIds(emu, b, "https://ads-api.x.com")).toEqual(start);

    const madeA = await call(emu, "POST", newCampaign(a, "mine"), as(a));
    const madeB = await call(emu, "POST", newCampaign(b, "mine"), as(b));
    expect([madeA.status, madeB.status]).toEqual([200, 200]);
    expect(madeA.body.data.id).not.toBe(madeB.body.data.id);
    expect(await listIds(emu, a, "https://ads-api.x.com")).toEqual([...start, madeA.body.data.id].sort());
    expect(await listIds(emu, emu, "https://ads-api.x.com")).toEqual(start);
    const other = await call(emu, "GET", `${campaigns(b)}/${madeA.body.data.id}`, as(b));
    expect(other.status).toBe(404);
    expect(a.requests.map((r) => r.operationId)).toContain("createCampaign");
    expect(emu.requests.map((r) => r.operationId)).not.toContain("createCampaign");
  });

  it("refuse a tenant's consumer key signed with another tenant's secret", async () => {
    const emu = await newEmulator();
    const a = emu.tenants.create();
    const forged = await call(emu, "GET", "/12/accounts", { ...as(a), consumerSecret: emu.fixture.consumerSecret });
    expect(forged.status).toBe(401);
  });

  it("keep clocks, faults, rate limits, snapshots and resets apart", async () => {
    const emu = await newEmulator();
    const a = emu.tenants.create();
    a.clock.advance(60_000);
    expect(emu.clock.now()).toBe(START);
    a.faults.add({ operationId: "listAccounts", status: 503 });
    expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
    const later = Math.floor((START + 60_000) / 1000);
    expect((await call(emu, "GET", "/12/accounts", as(a, later))).status).toBe(503);
    // The account-level window is keyed by the account, which every tenant shares: still counted apart.
    const account = `/12/accounts/${emu.fixture.accountId}`;
    await call(emu, "GET", account);
    const fromDefault = await call(emu, "GET", account);
    const fromTenant = await call(emu, "GET", account, as(a, later));
    const remaining = (answer: typeof fromDefault) => Number(answer.headers.get("x-account-rate-limit-remaining"));
    expect(remaining(fromTenant)).toBe(remaining(fromDefault) + 1);

    await call(emu, "POST", newCampaign(a, "kept"), as(a, later));
    const snapshot = a.snapshot();
    a.reset();
    expect(a.clock.now()).toBe(START);
    a.restore(snapshot);
    expect(a.clock.now()).toBe(START + 60_000);
    expect(emu.snapshot().store).not.toEqual(snapshot.store);
  });

  it("are made and driven over the controls, the tenant named by a query parameter or a header", async () => {
    const emu = await newEmulator();
    const made = await emu.fetch("http://localhost/_emulator/tenants", { method: "POST" });
    expect(made.status).toBe(201);
    const tenant = await made.json();
    expect(tenant).toMatchObject({ tenant: "t1", accountId: emu.fixture.accountId });
    expect(tenant.consumerSecret).toEqual(expect.any(String));
    await emu.fetch("http://localhost/_emulator/clock?tenant=t1", { method: "POST", body: '{"advance": 5000}' });
    const clock = await (
      await emu.fetch("http://localhost/_emulator/clock", { headers: { "x-xads-emulator-tenant": "t1" } })
    ).json();
    expect(clock.now).toBe(START + 5000);
    expect(emu.clock.now()).toBe(START);
    expect(await (await emu.fetch("http://localhost/_emulator/tenants")).json()).toEqual(["default", "t1"]);
    expect((await emu.fetch("http://localhost/_emulator/reset?tenant=t9", { method: "POST" })).status).toBe(404);
    expect((await emu.fetch("http://localhost/_emulator/tenants/t1", { method: "DELETE" })).status).toBe(200);
    expect(emu.tenants.ids()).toEqual(["default"]);
  });

  it("stop at a bound, named in the error", async () => {
    const emu = await newEmulator();
    for (let i = 0; i < MAX_TENANTS; i++) emu.tenants.create();
    expect(() => emu.tenants.create()).toThrow(`at most ${MAX_TENANTS}`);
  });

  it("stay apart under parallel workers doing mixed work against one served emulator", async () => {
    const emu = await newEmulator();
    const served = await emu.listen();
    const base = served.urls.ads;
    try {
      const workers = Array.from({ length: 8 }, () => emu.tenants.create());
      await Promise.all(
        workers.map(async (tenant, w) => {
          // A worker's own model: the campaigns it should see, and its clock.
          let seed = w + 1;
          const random = () => {
            seed = (seed * 1103515245 + 12345) & 0x7fffffff;
            return seed / 0x7fffffff;
          };
          let now = START;
          const stamp = () => Math.floor(now / 1000);
          const start = await listIds(emu, tenant, base, stamp());
          let model = new Set(start);
          let reads = 0;
          let lastReset: string | null = null;
          for (let step = 0; step < 60; step++) {
            const roll = random();
            if (roll < 0.4) {
              const made = await call(
                emu,
                "POST",
                `${base}${newCampaign(tenant, `w${w}s${step}`)}`,
                as(tenant, stamp()),
              );
              expect(made.status, made.text).toBe(200);
              model.add(made.body.data.id);
            } else if (roll < 0.55 && model.size > start.length) {
              const id = [...model].find((x) => !start.includes(x)) as string;
              const gone = await call(emu, "DELETE", `${base}${campaigns(tenant)}/${id}`, as(tenant, stamp()));
              expect(gone.status, gone.text).toBe(200);
              model.delete(id);
            } else if (roll < 0.7) {
              expect(await listIds(emu, tenant, base, stamp())).toEqual([...model].sort());
            } else if (roll < 0.8) {
              now += 1000;
              await fetch(`${base}/_emulator/clock?tenant=${tenant.tenant}`, {
                method: "POST",
                body: '{"advance": 1000}',
              });
            } else if (roll < 0.85) {
              await fetch(`${base}/_emulator/reset?tenant=${tenant.tenant}`, { method: "POST" });
              now = START;
              model = new Set(start);
              reads = 0;
              lastReset = null;
            } else {
              // The account-level window counts this tenant's reads only.
              const read = await call(
                emu,
                "GET",
                `${base}/12/accounts/${tenant.fixture.accountId}`,
                as(tenant, stamp()),
              );
              expect(read.status).toBe(200);
              reads = read.headers.get("x-account-rate-limit-reset") === lastReset ? reads + 1 : 1;
              lastReset = read.headers.get("x-account-rate-limit-reset");
              expect(Number(read.headers.get("x-account-rate-limit-remaining"))).toBe(
                Number(read.headers.get("x-account-rate-limit-limit")) - reads,
              );
            }
          }
          expect(await listIds(emu, tenant, base, stamp())).toEqual([...model].sort());
          expect(tenant.clock.now()).toBe(now);
        }),
      );
      expect(await listIds(emu, emu, base)).toEqual(await listIds(emu, emu, "https://ads-api.x.com"));
      expect(emu.requests.every((r) => r.operationId === "listCampaigns")).toBe(true);
    } finally {
      await served.close();
    }
  });
});
