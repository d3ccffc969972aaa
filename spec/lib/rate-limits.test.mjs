// The rate-limit windows reader, on the committed bundles and on made-up declarations.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { loadSpec } from "./model.mjs";
import { rateLimitsOf, rateLimitWindowsOf } from "./rate-limits.mjs";

const spec = loadSpec();
const { windows, operations } = rateLimitsOf(spec);
const byId = new Map(operations.map((o) => [o.operationId, o]));

describe("the documented windows", () => {
  it("are the facts file's figures, in the order requests are matched", () => {
    assert.deepEqual(
      windows.map((w) => [w.name, w.limit, w.seconds]),
      [
        ["audienceUserBatch", 1500, 60],
        ["keywordInsights", 500, 900],
        ["write", 450, 60],
        ["totalCount", 200, 900],
        ["accountRead", 10000, 900],
        ["readWithoutAccount", 5, 900],
      ],
    );
  });

  it("give each operation its candidates: named operations first, then methods, then the account", () => {
    assert.deepEqual(byId.get("batchCustomAudienceUsers")?.windows, [{ window: "audienceUserBatch" }]);
    assert.deepEqual(byId.get("createCampaign")?.windows, [{ window: "write" }]);
    assert.deepEqual(byId.get("listCampaigns")?.windows, [
      { window: "totalCount", query: { with_total_count: "true" } },
      { window: "accountRead" },
    ]);
    assert.equal(byId.get("listCampaigns")?.accountLevel, true);
    assert.deepEqual(byId.get("listAccounts")?.windows, [
      { window: "totalCount", query: { with_total_count: "true" } },
      { window: "readWithoutAccount" },
    ]);
  });

  it("leave out the hosts that publish no figures", () => {
    assert.ok(operations.every((o) => o.document === "ads" || o.document === "tailored-audiences"));
  });
});

describe("rateLimitWindowsOf", () => {
  const declare = (/** @type {unknown} */ windows) => ({ "x-xads-rate-limits": { windows } });
  const good = { name: "w", limit: 1, seconds: 60, scope: "operation", governs: {} };

  it("answers undefined for a document that declares none", () => {
    assert.equal(rateLimitWindowsOf({}), undefined);
  });

  it("refuses a repeated name, a bad limit or length, an unknown scope, naming the window and the rule", () => {
    assert.throws(() => rateLimitWindowsOf(declare([good, good])), /window names must be unique strings \(w\)/);
    assert.throws(() => rateLimitWindowsOf(declare([{ ...good, limit: 0 }])), /w\.limit must be a positive integer/);
    assert.throws(() => rateLimitWindowsOf(declare([{ ...good, seconds: 1.5 }])), /w\.seconds must be a positive/);
    assert.throws(() => rateLimitWindowsOf(declare([{ ...good, scope: "user" }])), /w\.scope must be one of/);
    assert.throws(() => rateLimitWindowsOf({ "x-xads-rate-limits": {} }), /needs a `windows` list/);
  });
});
