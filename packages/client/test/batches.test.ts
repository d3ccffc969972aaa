import { type BatchPath, batchLimits, batchPaths } from "@xads/types/facts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchLimitOf } from "../src/batches.js";
import { BATCH_LIMITS, createAdsClient, sendBatch, sendUserBatch, splitBatch, XAdsApiError } from "../src/index.js";
import type { RecordedRequest } from "./support/fault-server.js";
import { type FaultServer, json, startFaultServer, text } from "./support/fault-server.js";

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer((req: RecordedRequest, res) => {
    const items = JSON.parse(req.body.toString()) as { params: { name?: string; users?: unknown[] } }[];
    const users = items.reduce((n, item) => n + (item.params.users?.length ?? 0), 0);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        users > 0
          ? { data: { success_count: users, total_count: users } }
          : { data: items.map((i) => i.params), request: [] },
      ),
    );
  });
});
afterAll(() => server.close());

const ads = () =>
  createAdsClient({
    baseUrl: server.url,
    oauth1: { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" },
  });
const campaigns = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ operation_type: "Create" as const, params: { name: `c${i}` } }));
const path = "/12/batch/accounts/{account_id}/campaigns";
const usersPath = "/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/users";
const doNotReachPath = "/12/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users";

describe("BATCH_LIMITS", () => {
  it("are the spec's limits of each kind's batch path, and do-not-reach user batches share the users limits", () => {
    expect(BATCH_LIMITS).toEqual({
      campaigns: { items: batchLimits["/12/batch/accounts/{account_id}/campaigns"].items },
      line_items: { items: batchLimits["/12/batch/accounts/{account_id}/line_items"].items },
      custom_audiences: { items: batchLimits["/12/batch/accounts/{account_id}/custom_audiences"].items },
      users: { items: 2_500, bytes: 5_000_000 },
    });
    const doNotReach = batchLimits["/12/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users"];
    expect({ items: doNotReach.items, bytes: doNotReach.bytes }).toEqual(BATCH_LIMITS.users);
  });
});

describe("the limits by batch path", () => {
  const pathParams = { account_id: "a", custom_audience_id: "b", do_not_reach_list_id: "c" };
  const userOperations = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      operation_type: "Update" as const,
      params: { users: [{ email: [`${i}`] }] },
    }));
  const records = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      operation_type: "Create" as const,
      params: { name: `r${i}`, audience_type: "FLEXIBLE" as const },
    }));
  const isUserPath = (p: BatchPath): p is typeof usersPath | typeof doNotReachPath =>
    p === usersPath || p === doNotReachPath;

  it("batchLimitOf is the facts' entry of every batch path", () => {
    for (const batchPath of batchPaths) {
      const facts: { items: number; bytes?: number } = batchLimits[batchPath];
      expect(batchLimitOf(batchPath)).toEqual(
        facts.bytes === undefined ? { items: facts.items } : { items: facts.items, bytes: facts.bytes },
      );
    }
    expect(() => batchLimitOf("/12/accounts" as BatchPath)).toThrow(/not a batch path of the spec: \/12\/accounts/);
  });

  it.each(batchPaths.map((p) => [p] as const))("%s sends the facts' number of items per request", async (batchPath) => {
    const limit = batchLimits[batchPath].items;
    server.script();
    if (isUserPath(batchPath)) {
      const result = await sendUserBatch(ads(), batchPath, userOperations(limit + 1), { pathParams } as never);
      expect(result).toMatchObject({ successCount: limit + 1, totalCount: limit + 1, requests: 2 });
    } else {
      const done = await sendBatch(ads(), batchPath, records(limit + 1) as never, { pathParams });
      expect(done).toHaveLength(limit + 1);
    }
    expect(server.requests.map((r) => JSON.parse(r.body.toString()).length)).toEqual([limit, 1]);
  });

  it("a batch kind (the older form) is kept, never above the path's limit", async () => {
    server.script();
    await sendBatch(ads(), path, "campaigns", campaigns(85), { pathParams: { account_id: "a" } });
    await sendBatch(ads(), path, { items: 30 }, campaigns(31), { pathParams: { account_id: "a" } });
    const audiences = "/12/batch/accounts/{account_id}/custom_audiences";
    await sendBatch(ads(), audiences, "campaigns", records(11), { pathParams: { account_id: "a" } });
    expect(server.requests.map((r) => JSON.parse(r.body.toString()).length)).toEqual([
      40,
      40,
      5,
      30,
      1,
      batchLimits[audiences].items,
      11 - batchLimits[audiences].items,
    ]);
  });

  it("rejects a path that is not a batch path of its kind before sending", async () => {
    server.script();
    await expect(
      sendBatch(ads(), "/12/x" as never, campaigns(1) as never, { pathParams: {} } as never),
    ).rejects.toThrow(/sendBatch: not a batch path of the spec: \/12\/x/);
    await expect(
      sendBatch(ads(), usersPath as never, userOperations(1) as never, { pathParams } as never),
    ).rejects.toThrow(/is a user batch path: use sendUserBatch/);
    await expect(sendUserBatch(ads(), path as never, campaigns(1) as never, { pathParams } as never)).rejects.toThrow(
      /is a record batch path: use sendBatch/,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("splitBatch", () => {
  it("splits by the documented item limits, keeping order", () => {
    expect(splitBatch(campaigns(81), "campaigns").map((c) => c.length)).toEqual([40, 40, 1]);
    expect(splitBatch(campaigns(21), "custom_audiences").map((c) => c.length)).toEqual([10, 10, 1]);
    expect(splitBatch(campaigns(5001), "users").map((c) => c.length)).toEqual([2500, 2500, 1]);
    expect(splitBatch(campaigns(81), "line_items").flat()).toEqual(campaigns(81));
    expect(BATCH_LIMITS.users.bytes).toBe(5_000_000);
  });
  it("keeps each request body within the byte limit", () => {
    const big = Array.from({ length: 30 }, (_, i) => ({
      operation_type: "Update" as const,
      params: { users: [{ email: ["x".repeat(199_950)] }], i },
    }));
    const chunks = splitBatch(big, "users");
    for (const chunk of chunks)
      expect(new TextEncoder().encode(JSON.stringify(chunk)).length).toBeLessThanOrEqual(5_000_000);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toEqual(big);
  });
  it("rejects one item above the byte limit, naming its index", () => {
    expect(() => splitBatch([{ a: 1 }, { a: "y".repeat(5_000_000) }], "users")).toThrow(
      /batch item 1 is 5000008 bytes/,
    );
    expect(() => splitBatch([], "nope" as "users")).toThrow(/batch kind must be one of/);
  });
});

describe("sendBatch", () => {
  it("sends 40 campaigns per request, in order, and returns every record", async () => {
    server.script();
    const records = await sendBatch(ads(), path, campaigns(85), {
      pathParams: { account_id: "18ce54d4x5t" },
    });
    expect(records.map((r) => r.name)).toEqual(campaigns(85).map((c) => c.params.name));
    expect(server.requests.map((r) => JSON.parse(r.body.toString()).length)).toEqual([40, 40, 5]);
    expect(server.requests[0]?.url).toBe("/12/batch/accounts/18ce54d4x5t/campaigns");
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("raises operation_errors with the caller's input index and says what was applied", async () => {
    const operationErrors: unknown[] = Array.from({ length: 40 }, () => null);
    operationErrors[2] = [{ code: "MISSING_PARAMETER", message: "name is missing", parameter: "name" }];
    server.script(json(200, { data: [], request: [] }), json(400, { errors: [], operation_errors: operationErrors }));
    const error = (await sendBatch(ads(), path, campaigns(90), { pathParams: { account_id: "a" } }).catch(
      (e: unknown) => e,
    )) as XAdsApiError;
    expect(error).toBeInstanceOf(XAdsApiError);
    expect(error.operationErrors).toEqual([
      { index: 42, errors: [{ code: "MISSING_PARAMETER", message: "name is missing", parameter: "name" }] },
    ]);
    expect(error.batch).toEqual({ offset: 40, size: 40, applied: 40 });
    expect(error.message).toMatch(/items 40 to 79; items 0 to 39 were applied by earlier requests; item errors at 42/);
    expect(server.requests).toHaveLength(2);
  });

  it("raises request-level errors", async () => {
    server.script(json(400, { errors: [{ code: "TOO_MANY_CAMPAIGNS", message: "Batch too large" }] }));
    const error = (await sendBatch(ads(), path, campaigns(3), { pathParams: { account_id: "a" } }).catch(
      (e: unknown) => e,
    )) as XAdsApiError;
    expect(error.errors[0]?.code).toBe("TOO_MANY_CAMPAIGNS");
    expect(error.batch).toEqual({ offset: 0, size: 3, applied: 0 });
  });
});

describe("sendUserBatch", () => {
  const operations = (n: number) =>
    Array.from({ length: n }, () => ({
      operation_type: "Update" as const,
      params: { users: [{ email: ["e"] }, { handle: ["h"] }] },
    }));
  it("splits at 2,500 operations and sums the counts", async () => {
    server.script();
    const result = await sendUserBatch(ads(), usersPath, operations(2501), {
      pathParams: { account_id: "a", custom_audience_id: "b" },
    });
    expect(result).toEqual({
      successCount: 5002,
      totalCount: 5002,
      requests: 2,
      results: [
        { success_count: 5000, total_count: 5000 },
        { success_count: 2, total_count: 2 },
      ],
    });
  });
  it("a count that differs from the users sent is an error that says to retry", async () => {
    server.script(json(200, { data: { success_count: 3, total_count: 4 } }));
    await expect(
      sendUserBatch(ads(), usersPath, operations(2), { pathParams: { account_id: "a", custom_audience_id: "b" } }),
    ).rejects.toThrow(
      /success_count 3 and total_count 4 for 4 users sent \(operations 0 to 1\); the counts must match: retry this request/,
    );
  });
});

describe("sendUserBatch on the do-not-reach list", () => {
  it("sums the counts of an answer with one result per operation, as the spec gives it", async () => {
    const counts = { success_count: 1, total_count: 1 };
    server.script(json(200, { data: [counts, counts], request: [] }));
    const result = await sendUserBatch(
      ads(),
      doNotReachPath,
      [
        { operation_type: "Update", params: { users: [{ email: ["a"] }] } },
        { operation_type: "Delete", params: { users: [{ email: ["b"] }] } },
      ],
      { pathParams: { account_id: "a", do_not_reach_list_id: "c" } },
    );
    expect(result).toEqual({ successCount: 2, totalCount: 2, requests: 1, results: [counts, counts] });
    expect(server.requests[0]?.url).toBe("/12/batch/accounts/a/do_not_reach_lists/c/users");
  });
});

describe("a 200 whose body is not JSON", () => {
  it("throws XAdsApiError with the status, method and path, never a raw SyntaxError", async () => {
    server.script(text(200, "{not json", "application/json"));
    const error = (await sendBatch(ads(), path, campaigns(2), { pathParams: { account_id: "a" } }).catch(
      (e: unknown) => e,
    )) as XAdsApiError;
    expect(error).toBeInstanceOf(XAdsApiError);
    expect([error.status, error.method, error.path]).toEqual([200, "POST", path]);
    expect(error.message).toMatch(/the 200 answer is not valid JSON/);
  });
});
