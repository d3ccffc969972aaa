// Hostile and huge input: any field name, any status, any depth and any number of errors gets a clear
// answer, never a TypeError, a stack overflow or an unbounded error list.
import { describe, expect, it } from "vitest";
import { getOperation, listOperationIds, validateResponse } from "../src/index.js";
import { MAX_DEPTH } from "../src/runtime/schema-runtime.js";

const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), "__proto__"];
const ACCOUNT = "18ce54d4x5t";

/** A segment tree `depth` nodes deep: each inner node has one child. */
function deepSegments(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { custom_audience_id: "1nmth", child_segments: [] };
  for (let i = 0; i < depth; i++) node = { boolean_operator: "AND", child_segments: [node] };
  return node;
}

function errorsOf(result: { valid: boolean; errors?: { code: string; parameter: string; message: string }[] }) {
  return result.valid ? [] : (result.errors ?? []);
}

describe("field names that are Object.prototype's", () => {
  it.each(PROTOTYPE_NAMES)("a form body field named %s is a field like any other", (name) => {
    const bearer = getOperation("createBearerToken");
    const body = `grant_type=client_credentials&${encodeURIComponent(name)}=1`;
    expect(() => bearer.validateRequest({ body })).not.toThrow();
    expect(bearer.validateRequest({ body: { grant_type: "client_credentials", [name]: "1" } })).toEqual(
      bearer.validateRequest({ body: { grant_type: "client_credentials" } }),
    );
  });

  it.each(PROTOTYPE_NAMES)("a query parameter named %s is ignored, as any undeclared one", (name) => {
    const result = getOperation("listAccounts").validateRequest({ query: `${encodeURIComponent(name)}=1&count=5` });
    expect(result).toEqual({ valid: true });
  });

  it("a JSON body with own __proto__ and constructor fields is validated, not confused", () => {
    const body = JSON.parse('[{"operation_type":"Create","params":{"__proto__":{"name":1},"constructor":1}}]');
    const result = getOperation("batchCampaigns").validateRequest({ path: { account_id: ACCOUNT }, body });
    expect(result.valid).toBe(false);
    expect(errorsOf(result).every((e) => typeof e.message === "string")).toBe(true);
  });
});

describe("statuses that are not statuses", () => {
  it("every Object.prototype name, and anything but 100..599, is UNDOCUMENTED_STATUS on every operation", () => {
    const wrong: string[] = [];
    for (const id of listOperationIds()) {
      for (const status of [...PROTOTYPE_NAMES, "", "2XX", "20", "2000", "99", "600", "-200", "2e2"]) {
        const result = getOperation(id).validateResponse(status, {});
        if (result.valid || result.errors[0]?.code !== "UNDOCUMENTED_STATUS") wrong.push(`${id} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("depth", () => {
  const limit = `nests deeper than ${MAX_DEPTH} levels (depth)`;
  it("a request tree 10,000 deep, as an object, answers the depth limit naming the place", () => {
    const body = [{ operation_type: "Create", params: { name: "deep", segments: deepSegments(10_000) } }];
    const errors = errorsOf(
      getOperation("batchCustomAudiences").validateRequest({ path: { account_id: ACCOUNT }, body }),
    );
    const deep = errors.find((e) => e.message.endsWith(limit));
    expect(deep?.code).toBe("INVALID_PARAMETER");
    expect(deep?.parameter.startsWith("body[0].params.segments.child_segments[0].child_segments[0]")).toBe(true);
    // The x-rules still answer: the tree has one leaf.
    expect(errors.some((e) => e.message.includes("max-tree-leaves"))).toBe(false);
  });

  it("the same tree as JSON text", () => {
    const leaf = '{"custom_audience_id":"1nmth","child_segments":[]}';
    const tree = `${'{"boolean_operator":"AND","child_segments":['.repeat(10_000)}${leaf}${"]}".repeat(10_000)}`;
    const body = `[{"operation_type":"Create","params":{"name":"deep","segments":${tree}}}]`;
    const errors = errorsOf(
      getOperation("batchCustomAudiences").validateRequest({ path: { account_id: ACCOUNT }, body }),
    );
    expect(errors.some((e) => e.message.endsWith(limit))).toBe(true);
  });

  it("a response tree 10,000 deep", () => {
    const audience = { metadata: [{ segments: deepSegments(10_000) }] };
    const result = validateResponse("getCustomAudience", 200, { request: { params: {} }, data: audience });
    expect(result.valid).toBe(false);
    expect(errorsOf(result).some((e) => e.code === "INVALID_RESPONSE" && e.message.endsWith(limit))).toBe(true);
  });

  it("x-rules that compare values answer for trees of any depth", () => {
    const deep = deepSegments(20_000);
    const body = [
      { operation_type: "Create", params: { name: "a", segments: deep } },
      { operation_type: "Create", params: { name: "b", segments: deep } },
    ];
    expect(() =>
      getOperation("batchCustomAudiences").validateRequest({ path: { account_id: ACCOUNT }, body }),
    ).not.toThrow();
  });
});

describe("a million errors", () => {
  const summary =
    /^\d+ more errors not listed \(at most 100 are listed: the maxErrors option\)(; the x-rules were not checked)?$/;

  it("a million empty account_ids: 100 errors listed and one counting the rest", () => {
    const result = getOperation("listAccounts").validateRequest({ query: `account_ids=${",".repeat(1_000_000)}` });
    const errors = errorsOf(result);
    expect(errors).toHaveLength(101);
    expect(errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "account_ids" });
    expect(errors[100]?.message).toMatch(summary);
    expect(Number(errors[100]?.message.split(" ")[0])).toBeGreaterThan(900_000);
  });

  it("a batch of a million invalid items", () => {
    const body = Array.from({ length: 1_000_000 }, () => ({ operation_type: "Create", params: { name: 1 } }));
    const errors = errorsOf(getOperation("batchCampaigns").validateRequest({ path: { account_id: ACCOUNT }, body }));
    expect(errors).toHaveLength(101);
    expect(errors[100]?.message).toMatch(summary);
    // Past the limit the x-rules are not checked, and the summary says so.
    expect(errors[100]?.message).toMatch(/; the x-rules were not checked$/);
  });

  it("a user batch of a million users", () => {
    const users = Array.from({ length: 1_000_000 }, () => ({ email: ["not-a-hash"] }));
    const body = [{ operation_type: "Update", params: { users } }];
    const errors = errorsOf(
      getOperation("batchCustomAudienceUsers").validateRequest({
        path: { account_id: ACCOUNT, custom_audience_id: "1nmth" },
        body,
      }),
    );
    expect(errors.length).toBeLessThanOrEqual(101);
    expect(errors.at(-1)?.message).toMatch(summary);
  });

  it("a response of a million records, and a smaller cap on request", () => {
    const body = { request: { params: {} }, next_cursor: null, data: Array.from({ length: 1_000_000 }, () => ({})) };
    const errors = errorsOf(validateResponse("listCampaigns", 200, body, { maxErrors: 5 }));
    expect(errors).toHaveLength(6);
    expect(errors[5]?.message).toMatch(/^\d+ more errors not listed \(at most 5 are listed/);
  });

  it("refuses a maxErrors that is not a positive integer, naming the option", () => {
    expect(() => validateResponse("listCampaigns", 200, {}, { maxErrors: 0 })).toThrow(
      "the option maxErrors must be a positive integer, got 0",
    );
  });
});
