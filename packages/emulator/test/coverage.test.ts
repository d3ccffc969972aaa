// Coverage of the API's rules: known traffic and the report that says exactly what it exercised, the
// served report (JSON and HTML), and a report that never carries a secret.
import { describe, expect, it } from "vitest";
import { ADMIN_PREFIX } from "../src/admin/admin.js";
import { coverageHtml, type Emulator, type Exchange, type OperationCoverage } from "../src/index.js";
import { accountPath, call, newEmulator } from "./helpers.js";

const UPLOAD = "https://upload.x.com/1.1/media/upload.json";

function operation(emu: Emulator, id: string): OperationCoverage {
  const found = emu
    .coverage()
    .documents.flatMap((document) => document.operations)
    .find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id} in the report`);
  return found;
}

const answered = (o: OperationCoverage) =>
  Object.fromEntries(o.statuses.filter((s) => s.answered > 0).map((s) => [s.status, s.answered]));

/** One of each: a 200 and a 404, a state rule held and broken, an x-rule held and broken, count at and over its maximum, a 429. */
async function knownTraffic(emu: Emulator) {
  const statuses = [
    (await call(emu, "GET", accountPath(emu, `/campaigns/${emu.fixture.campaignId}`))).status,
    (await call(emu, "GET", accountPath(emu, "/campaigns/nosuch"))).status,
    (await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"))).status,
    (await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"))).status,
    (await call(emu, "GET", accountPath(emu, "/campaigns?with_total_count=true"))).status,
    (await call(emu, "GET", accountPath(emu, "/campaigns?with_total_count=true&cursor=abc"))).status,
    (await call(emu, "GET", accountPath(emu, "/campaigns?count=1000"))).status,
    (await call(emu, "GET", accountPath(emu, "/campaigns?count=1001"))).status,
  ];
  // Reads without an account id: 5 per 15 minutes, the sixth is refused.
  for (let i = 0; i < 6; i++) statuses.push((await call(emu, "GET", "/12/accounts")).status);
  expect(statuses).toEqual([200, 404, 200, 400, 200, 400, 200, 400, 200, 200, 200, 200, 200, 429]);
}

describe("coverage", () => {
  it("reports exactly what known traffic exercised", async () => {
    const emu = await newEmulator();
    await knownTraffic(emu);
    const report = emu.coverage();

    expect(report.exchanges).toBe(14);
    expect(report.unrouted).toBe(0);
    expect(answered(operation(emu, "getCampaign"))).toEqual({ 200: 1, 404: 1 });
    expect(operation(emu, "getCampaign").statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(["200", "400", "401", "404", "429", "500"]),
    );
    expect(answered(operation(emu, "createCustomAudience"))).toEqual({ 200: 1, 400: 1 });
    expect(answered(operation(emu, "listAccounts"))).toEqual({ 200: 5, 429: 1 });

    const listCampaigns = operation(emu, "listCampaigns");
    expect(listCampaigns.xRules).toEqual([
      { ruleId: "total-count-excludes-cursor", kind: "exclusive", error: "EXCLUSIVE_PARAMETERS", held: 1, broken: 1 },
    ]);
    expect(listCampaigns.bounds).toEqual([{ bound: "count", measure: "query count", limit: 1000, at: 1, past: 1 }]);
    expect(operation(emu, "listAccounts").bounds).toEqual([
      { bound: "count", measure: "query count", limit: 1000, at: 0, past: 0 },
    ]);

    const ran = report.stateRules.filter((rule) => rule.held + rule.broken > 0);
    expect(ran).toEqual([
      { id: "custom-audience-name-unique", held: 1, broken: 1 },
      { id: "placeholder-audience-then-users", held: 1, broken: 0 },
    ]);
    expect(report.rateLimits.filter((w) => w.reached > 0)).toEqual([
      { window: "readWithoutAccount", limit: 5, seconds: 900, reached: 1 },
    ]);
    expect(report.uploadStates.every((state) => state.seen === 0)).toBe(true);

    const { summary } = report;
    expect(summary.operations.covered).toBe(4);
    expect(summary.statuses.covered).toBe(8);
    expect(summary.stateRules).toMatchObject({ covered: 2, held: 2, broken: 1, total: report.stateRules.length });
    expect(summary.xRules).toMatchObject({ covered: 1, held: 1, broken: 1 });
    expect(summary.bounds.covered).toBe(1);
    expect(summary.rateLimits).toEqual({ covered: 1, total: report.rateLimits.length });
    expect(summary.line).toBe(
      `coverage: operations 4/${summary.operations.total}, statuses 8/${summary.statuses.total}, ` +
        `state rules 2/${summary.stateRules.total} (held 2, broken 1), x-rules 1/${summary.xRules.total} both outcomes, ` +
        `bounds 1/${summary.bounds.total}, rate-limit 429s 1/${summary.rateLimits.total} windows, upload states 0/4`,
    );
  });

  it("keeps counting across reset() of the emulator; coverage.reset() starts again", async () => {
    const emu = await newEmulator();
    await call(emu, "GET", "/12/accounts");
    emu.reset();
    await call(emu, "GET", "/12/accounts");
    expect(operation(emu, "listAccounts").exchanges).toBe(2);
    emu.coverage.reset();
    expect(emu.coverage().exchanges).toBe(0);
    expect(emu.coverage().summary.operations.covered).toBe(0);
  });

  it("maps a batch item's error back to its rule, and a schema error on the same field to no rule", async () => {
    const emu = await newEmulator();
    const batch = (items: unknown[]) =>
      call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, { json: items });
    const create = { operation_type: "Create", params: { funding_instrument_id: emu.fixture.fundingInstrumentId } };
    expect((await batch([{ ...create, params: { ...create.params, name: "named" } }])).status).toBe(200);
    const unnamed = await batch([create]);
    expect(unnamed.body.operation_errors[0][0]).toMatchObject({ code: "MISSING_PARAMETER", parameter: "name" });
    const badName = await batch([{ ...create, params: { ...create.params, name: 7 } }]);
    expect(badName.body.operation_errors[0][0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "name" });

    const rules = Object.fromEntries(
      operation(emu, "batchCampaigns").xRules.map((r) => [r.ruleId, [r.held, r.broken]]),
    );
    expect(rules["create-needs-name"]).toEqual([1, 1]);
    // Held counts only the request that passed validation.
    expect(rules["create-needs-funding-instrument"]).toEqual([1, 0]);
    // Update and delete items were never sent: the rule was never engaged.
    expect(rules["update-delete-needs-campaign"]).toEqual([0, 0]);
    expect(operation(emu, "batchCampaigns").bounds.find((b) => b.bound === "items")).toMatchObject({ limit: 40 });
  });

  it("tells observers the x-rule outcomes the validator reports, per batch item, and counts each rule once", async () => {
    const emu = await newEmulator();
    const seen: Exchange[] = [];
    emu.observe({
      exchange: (exchange) => {
        seen.push(exchange);
      },
    });
    const create = { operation_type: "Create", params: { funding_instrument_id: emu.fixture.fundingInstrumentId } };
    const named = { ...create, params: { ...create.params, name: "named" } };
    const batch = (items: unknown[]) =>
      call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/campaigns`, { json: items });
    expect((await batch([named, create])).status).toBe(400);
    expect((await call(emu, "GET", "/12/accounts", { consumerSecret: "wrong" })).status).toBe(401);

    const [refused, unauthenticated] = seen as [Exchange, Exchange];
    const told = (id: string) => refused.xRules?.filter((r) => r.id === id).map((r) => r.outcome);
    expect(told("create-needs-name")).toEqual(["held", "broken"]);
    expect(told("create-needs-funding-instrument")).toEqual(["held", "held"]);
    expect(told("update-delete-needs-campaign")).toEqual([]);
    expect(unauthenticated.xRules).toBeUndefined();

    const rules = Object.fromEntries(
      operation(emu, "batchCampaigns").xRules.map((r) => [r.ruleId, [r.held, r.broken]]),
    );
    expect(rules["create-needs-name"]).toEqual([0, 1]);
    expect(rules["create-needs-funding-instrument"]).toEqual([0, 0]);
  });

  it("counts x-rules over a multipart body's fields, and an emptied list as nothing to test", async () => {
    const emu = await newEmulator();
    const init = await call(emu, "POST", UPLOAD, {
      form: "command=INIT&total_bytes=8&media_type=video%2Fmp4&media_category=amplify_video",
    });
    const form = new FormData();
    for (const [name, value] of Object.entries({
      command: "APPEND",
      media_id: init.body.media_id_string as string,
      segment_index: "0",
      media_data: Buffer.alloc(8).toString("base64"),
    }))
      form.set(name, value);
    const request = new Request(UPLOAD, { method: "POST", body: form });
    const append = await call(emu, "POST", UPLOAD, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      rawBody: await request.arrayBuffer(),
    });
    expect(append.status).toBe(204);
    expect(operation(emu, "uploadMedia").xRules).toContainEqual(
      expect.objectContaining({ ruleId: "media-excludes-media-data", held: 1, broken: 0 }),
    );

    const draft = await call(emu, "POST", accountPath(emu, "/draft_tweets?text=hi"));
    const path = accountPath(emu, `/draft_tweets/${draft.body.data.id}`);
    expect((await call(emu, "PUT", `${path}?media_keys=`)).status).toBe(200);
    const mix = () => operation(emu, "updateDraftTweet").xRules.find((r) => r.kind === "media-keys-mix");
    expect(mix()).toMatchObject({ held: 0, broken: 0 });
    // A video of the fixture account's media library.
    expect((await call(emu, "PUT", `${path}?media_keys=13_909110614026444802`)).status).toBe(200);
    expect(mix()).toMatchObject({ held: 1, broken: 0 });
  });

  it("sees the upload processing states the upload host answers", async () => {
    const emu = await newEmulator();
    const init = await call(emu, "POST", UPLOAD, {
      form: "command=INIT&total_bytes=8&media_type=video%2Fmp4&media_category=amplify_video",
    });
    const id = init.body.media_id_string as string;
    const data = Buffer.alloc(8).toString("base64");
    await call(emu, "POST", UPLOAD, { form: `command=APPEND&media_id=${id}&segment_index=0&media_data=${data}` });
    const finalized = await call(emu, "POST", UPLOAD, { form: `command=FINALIZE&media_id=${id}` });
    expect(finalized.body.processing_info.state).toBe("pending");
    emu.clock.advance(5_000);
    await call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${id}`);
    const seen = emu.coverage().uploadStates.filter((s) => s.seen > 0);
    expect(seen).toEqual([
      { state: "pending", seen: 1 },
      { state: "in_progress", seen: 1 },
    ]);
  });

  it("answers GET /_emulator/coverage as JSON, and as HTML for Accept: text/html or ?format=html", async () => {
    const emu = await newEmulator();
    await call(emu, "GET", "/12/accounts");
    const json = await emu.fetch(`http://127.0.0.1${ADMIN_PREFIX}coverage`);
    expect(json.headers.get("content-type")).toMatch(/application\/json/);
    expect((await json.json()).summary.operations.covered).toBe(1);
    for (const [query, accept] of [
      ["", "text/html,application/xhtml+xml"],
      ["?format=html", "*/*"],
    ] as const) {
      const page = await emu.fetch(`http://127.0.0.1${ADMIN_PREFIX}coverage${query}`, { headers: { accept } });
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain("coverage: operations 1/");
      expect(html).toMatch(/<tr class="never"><td><code>getCampaign<\/code>/);
    }
    const forced = await emu.fetch(`http://127.0.0.1${ADMIN_PREFIX}coverage?format=json`, {
      headers: { accept: "text/html" },
    });
    expect(forced.headers.get("content-type")).toMatch(/application\/json/);
  });

  it("the HTML page escapes every name it prints and loads nothing", async () => {
    const emu = await newEmulator();
    const report = emu.coverage();
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)>'&`;
    const [first] = report.documents;
    if (!first?.operations[0]) throw new Error("no operation");
    first.title = hostile;
    first.operations[0].operationId = hostile;
    report.stateRules.push({ id: hostile, held: 1, broken: 0 });
    const html = coverageHtml(report);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&amp;",
    );
    expect(html).not.toMatch(/<(link|script|iframe|object|img)\b|<[a-z]+[^>]*\s(src|href)=/i);
  });

  it("never carries a credential, a secret, a signature or a nonce", async () => {
    const emu = await newEmulator({ auth: "strict" });
    const { consumerKey, consumerSecret, token, tokenSecret } = emu.fixture;
    const nonce = "nonce0visible0in0the0request";
    const url = `https://ads-api.x.com${accountPath(emu, `/campaigns?name=${tokenSecret}&q=${consumerSecret}`)}`;
    const { authorization } = await import("./helpers.js");
    const header = authorization(emu, "GET", url, { nonce });
    const signature = decodeURIComponent(/oauth_signature="([^"]+)"/.exec(header)?.[1] ?? "");
    await call(emu, "GET", url, { headers: { authorization: header } });
    await call(emu, "POST", accountPath(emu, `/custom_audiences?name=${tokenSecret}`));
    await call(emu, "GET", "/12/accounts", { consumerSecret: "wrong" });
    const served = await (await emu.fetch(`http://127.0.0.1${ADMIN_PREFIX}coverage`)).text();
    const page = await (await emu.fetch(`http://127.0.0.1${ADMIN_PREFIX}coverage?format=html`)).text();
    expect(emu.coverage().exchanges).toBe(3);
    for (const text of [JSON.stringify(emu.coverage()), served, page])
      for (const secret of [consumerKey, consumerSecret, token, tokenSecret, signature, nonce])
        expect(text.includes(secret), `the report shows ${secret}`).toBe(false);
  });
});
