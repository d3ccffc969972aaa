// Hostile and huge input: any field name, any status, any depth and any number of errors gets a clear
// answer, never a TypeError, a stack overflow or an unbounded error list.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getOperation, listOperationIds, MAX_DEPTH as ROOT_MAX_DEPTH, validateResponse } from "../src/index.js";
import { equal } from "../src/runtime/helpers.js";
import { stringify } from "../src/runtime/json-text.js";
import { textNestsDeeper, valueNestsDeeper } from "../src/runtime/nesting.js";
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
    for (const sent of [body, { grant_type: "client_credentials", [name]: "1" }]) {
      const result = bearer.validateRequest({ body: sent });
      expect(result.valid).toBe(true);
      // Answered as sent: an own field of the body, not the prototype's.
      const fields = (result.valid ? result.request.body : {}) as Record<string, unknown>;
      expect([Object.hasOwn(fields, name), fields[name]]).toEqual([true, "1"]);
    }
  });

  it.each(PROTOTYPE_NAMES)("a query parameter named %s is ignored, as any undeclared one", (name) => {
    const result = getOperation("listAccounts").validateRequest({ query: `${encodeURIComponent(name)}=1&count=5` });
    expect(result).toMatchObject({ valid: true });
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
  const batch = getOperation("batchCampaigns");
  const tooDeep = {
    code: "INVALID_PARAMETER",
    parameter: "body",
    message: `the body nests deeper than ${MAX_DEPTH} levels (application/json)`,
  };
  /** A batch create whose open `extra` field holds arrays nested so that the body is `depth` deep. */
  const nestedText = (depth: number) =>
    `[{"operation_type":"Create","params":{"name":"x","funding_instrument_id":"y","extra":${"[".repeat(depth - 3)}${"]".repeat(depth - 3)}}}]`;
  const nestedValue = (depth: number) => {
    let extra: unknown = [];
    for (let i = 1; i < depth - 3; i++) extra = [extra];
    return [{ operation_type: "Create", params: { name: "x", funding_instrument_id: "y", extra } }];
  };
  const refusals = (body: unknown) =>
    errorsOf(batch.validateRequest({ path: { account_id: ACCOUNT }, body })).filter((e) => e.message.includes("nests"));

  it("the limit is exported from the package root", () => {
    expect(ROOT_MAX_DEPTH).toBe(MAX_DEPTH);
  });

  it.each([MAX_DEPTH + 1, 10_000, 1_000_000])(
    "a JSON body text %i deep is refused as unreadable, its schema errors not listed",
    (depth) => {
      const result = batch.validateRequest({ path: { account_id: ACCOUNT }, body: nestedText(depth) });
      expect(result).toEqual({ valid: false, errors: [tooDeep] });
    },
  );

  it("a JSON body text 100 deep is not refused for its depth", () => {
    expect(JSON.parse(nestedText(MAX_DEPTH))[0].params.extra).toBeDefined();
    expect(batch.validateRequest({ path: { account_id: ACCOUNT }, body: nestedText(MAX_DEPTH) })).toMatchObject({
      valid: true,
    });
  });

  it.each([MAX_DEPTH + 1, 1_000_000])("a %i-deep text that is not JSON either is refused for its depth", (depth) => {
    const result = batch.validateRequest({ path: { account_id: ACCOUNT }, body: "[".repeat(depth) });
    expect(result).toEqual({ valid: false, errors: [tooDeep] });
  });

  it("brackets in strings, and escaped quotes, do not count", () => {
    const brackets = "[[[[{{{{".repeat(MAX_DEPTH);
    const strings = [
      `"${brackets}"`, // brackets inside a string
      String.raw`"\\${brackets}"`, // after an escaped backslash
      String.raw`"\"${brackets}"`, // after an escaped quote, which does not end the string
      String.raw`"\"\\\"\u0022${brackets}\""`,
    ];
    for (const name of strings) {
      const body = `[{"operation_type":"Create","params":{"name":${name},"funding_instrument_id":"y"}}]`;
      expect(typeof JSON.parse(body)[0].params.name).toBe("string");
      expect(refusals(body)).toEqual([]);
    }
    // A quote after an escaped backslash ends the string: the brackets after it count.
    const closed = String.raw`[{"operation_type":"Create","params":{"name":"\\","extra":${"[".repeat(MAX_DEPTH)}${"]".repeat(MAX_DEPTH)}}}]`;
    expect(refusals(closed)).toEqual([tooDeep]);
  });

  it("the text scan and the value walk agree with a recursive count on any JSON", () => {
    const depthOf = (value: unknown): number =>
      typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    const tricky = fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", "\u2028") });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: "small", withCrossShrink: true }, tricky, fc.integer(), tie("array"), tie("object")),
      array: fc.array(tie("value"), { maxLength: 4 }),
      object: fc.dictionary(tricky, tie("value"), { maxKeys: 4 }),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const depth = depthOf(value);
        const text = JSON.stringify(value, null, depth % 2 === 0 ? 0 : 1);
        for (const limit of [Math.max(0, depth - 1), depth]) {
          expect(textNestsDeeper(text, limit)).toBe(depth > limit);
          expect(valueNestsDeeper(value, limit)).toBe(depth > limit);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.each([MAX_DEPTH + 1, 10_000])("a parsed body %i deep is refused the same way, without throwing", (depth) => {
    const body = nestedValue(depth);
    expect(() => batch.validateRequest({ path: { account_id: ACCOUNT }, body })).not.toThrow();
    expect(batch.validateRequest({ path: { account_id: ACCOUNT }, body })).toEqual({ valid: false, errors: [tooDeep] });
  });

  it("a parsed body 100 deep, and a cyclic one", () => {
    expect(batch.validateRequest({ path: { account_id: ACCOUNT }, body: nestedValue(MAX_DEPTH) })).toMatchObject({
      valid: true,
    });
    const cycle: unknown[] = [];
    cycle.push(cycle);
    const body = [{ operation_type: "Create", params: { name: "x", funding_instrument_id: "y", extra: cycle } }];
    expect(refusals(body)).toEqual([tooDeep]);
  });

  it("a request segment tree 10,000 deep, as an object or as text, is refused before the schema sees it", () => {
    const path = { account_id: ACCOUNT };
    const body = [{ operation_type: "Create", params: { name: "deep", segments: deepSegments(10_000) } }];
    const audiences = getOperation("batchCustomAudiences");
    expect(audiences.validateRequest({ path, body })).toEqual({ valid: false, errors: [tooDeep] });
    const leaf = '{"custom_audience_id":"1nmth","child_segments":[]}';
    const tree = `${'{"boolean_operator":"AND","child_segments":['.repeat(10_000)}${leaf}${"]}".repeat(10_000)}`;
    const text = `[{"operation_type":"Create","params":{"name":"deep","segments":${tree}}}]`;
    expect(audiences.validateRequest({ path, body: text })).toEqual({ valid: false, errors: [tooDeep] });
  });

  it("a response tree 10,000 deep answers the schema depth limit naming the place", () => {
    const audience = { metadata: [{ segments: deepSegments(10_000) }] };
    const result = validateResponse("getCustomAudience", 200, { request: { params: {} }, data: audience });
    expect(result.valid).toBe(false);
    const deep = errorsOf(result).find((e) => e.message.endsWith(limit));
    expect(deep?.code).toBe("INVALID_RESPONSE");
    expect(deep?.parameter.startsWith("data.metadata[0].segments.child_segments[0].child_segments[0]")).toBe(true);
  });

  it("the helpers the x-rules walk and compare values with answer for any depth", () => {
    const deep = deepSegments(20_000);
    expect(equal(deep, deepSegments(20_000))).toBe(true);
    expect(stringify(deep).length).toBeGreaterThan(20_000);
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
