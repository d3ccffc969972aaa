// Criteria as respect checks them: simple conditions, regular expressions on a context's text, and
// JSONPath on the context wrapped in an array, with {$...} replaced by JSON text.
import { describe, expect, it } from "vitest";
import { CriterionError, checkCriterion, criterionType } from "../../src/runner/criteria.mjs";
import { ExpressionError } from "../../src/runner/expressions.mjs";

/** @typedef {import("../../src/runner/criteria.mjs").Criterion} Criterion */

/** @param {unknown} body @param {number} [status] @param {string} [text] */
const contextOf = (body, status = 200, text = JSON.stringify(body)) => ({
  inputs: {},
  outputs: {},
  steps: { grant: { outputs: { permissionId: "p2", mediaKey: "13_5" } } },
  workflows: {},
  exchange: {
    url: "https://ads-api.x.com/12/x",
    method: "GET",
    status,
    responseHeaders: { "x-xads-proxy-oauth-token": "t1" },
    responseText: text,
  },
});

const body = {
  data: [
    { id: "p1", deleted: true, name: "a" },
    { id: "p2", deleted: false, name: "b" },
  ],
  total_count: 2,
  size: 12.5,
  processing_info: { state: "pending" },
  iso: "2026-01-01T00:00:00Z",
};
const context = contextOf(body, 404);

/** @param {string} condition */
const simple = (condition) => checkCriterion({ condition }, context).passed;

describe("simple conditions", () => {
  it("compares with each operator", () => {
    expect(simple("$statusCode == 404")).toBe(true);
    expect(simple("$statusCode != 200")).toBe(true);
    expect(simple("$statusCode < 500")).toBe(true);
    expect(simple("$statusCode <= 404")).toBe(true);
    expect(simple("$statusCode > 404")).toBe(false);
    expect(simple("$statusCode >= 404")).toBe(true);
    expect(simple("$response.body#/iso < '2026-06-01T00:00:00Z'")).toBe(true);
  });

  it("reads literals: numbers, single-quoted strings, true, false, null", () => {
    expect(simple("$response.body#/size == 12.5")).toBe(true);
    expect(simple("$response.body#/data/1/name == 'b'")).toBe(true);
    expect(simple("$response.body#/data/0/deleted == true")).toBe(true);
    expect(simple("$response.body#/data/1/deleted == false")).toBe(true);
    expect(simple("$response.body#/missing == null")).toBe(true);
    expect(simple("'it''s' == 'it''s'")).toBe(true);
  });

  it("is strict but for undefined and null", () => {
    expect(simple("$response.body#/total_count == '2'")).toBe(false);
    expect(simple("$response.header.x-missing == null")).toBe(true);
    expect(simple("$response.header.x-missing != null")).toBe(false);
    expect(simple("$response.body#/missing < 3")).toBe(false);
  });

  it("combines with &&, ||, ! and parentheses", () => {
    expect(simple("$statusCode == 404 && $response.body#/total_count == 2")).toBe(true);
    expect(simple("$statusCode == 200 && $response.body#/total_count == 2")).toBe(false);
    expect(simple("$statusCode == 200 || $response.body#/total_count == 2")).toBe(true);
    expect(simple("!($statusCode == 200)")).toBe(true);
    expect(simple("($statusCode == 200 || $statusCode == 404) && !$response.body#/missing")).toBe(true);
  });

  it("tests a bare expression for truth", () => {
    expect(simple("$response.header.x-xads-proxy-oauth-token")).toBe(true);
    expect(simple("$response.body#/data/0/deleted")).toBe(true);
    expect(simple("$response.body#/missing")).toBe(false);
  });

  it("says what was compared, with the actual values, in its message", () => {
    expect(checkCriterion({ condition: "$statusCode == 200" }, context)).toEqual({
      criterion: { condition: "$statusCode == 200" },
      passed: false,
      message: "$statusCode == 200: 404",
    });
    expect(
      checkCriterion({ condition: "$response.body#/data/0/id == $steps.grant.outputs.permissionId" }, context).message,
    ).toBe('$response.body#/data/0/id == $steps.grant.outputs.permissionId: "p1", "p2"');
  });

  it("refuses conditions it cannot read", () => {
    expect(() => simple("$statusCode ==")).toThrow(CriterionError);
    expect(() => simple("$statusCode == OK")).toThrow(CriterionError);
    expect(() => simple("($statusCode == 200")).toThrow(CriterionError);
    expect(() => simple("$statusCode == 200 200")).toThrow(CriterionError);
    expect(() => simple("$nothing == 1")).toThrow(ExpressionError);
  });
});

describe("regex criteria", () => {
  it("tests the context's value as text", () => {
    const text = contextOf(undefined, 200, "oauth_token=a&oauth_callback_confirmed=true");
    expect(
      checkCriterion({ context: "$response.body", condition: "oauth_callback_confirmed=true", type: "regex" }, text)
        .passed,
    ).toBe(true);
    expect(
      checkCriterion({ context: "$response.body#/processing_info/state", condition: "^pend", type: "regex" }, context)
        .passed,
    ).toBe(true);
    const failed = checkCriterion({ context: "$response.body#/iso", condition: "^card://", type: "regex" }, context);
    expect(failed.passed).toBe(false);
    expect(failed.message).toBe('$response.body#/iso matches /^card:///: "2026-01-01T00:00:00Z"');
  });

  it("refuses a bad pattern", () => {
    expect(() => checkCriterion({ context: "$response.body", condition: "(", type: "regex" }, context)).toThrow(
      CriterionError,
    );
  });
});

describe("jsonpath criteria", () => {
  /** @param {string} condition @param {unknown} [type] */
  const jsonpath = (condition, type = "jsonpath") =>
    checkCriterion({ context: "$response.body", condition, type }, context);

  it("queries the context wrapped in an array: $[0] is the context", () => {
    expect(jsonpath("$[0].data[?(@.deleted == false)]").passed).toBe(true);
    expect(jsonpath("$[0].data[?(@.name == 'zzz')]").passed).toBe(false);
    expect(jsonpath("$[?length(@.data) == 2]").passed).toBe(true);
    expect(jsonpath("$[?length(@.data) == 3]").passed).toBe(false);
    expect(jsonpath("$[?(!@.processing_info.check_after_secs)]").passed).toBe(true);
    // Without the wrapping, $.data would be the way in: here it selects nothing.
    expect(jsonpath("$.data[?(@.deleted == false)]").passed).toBe(false);
  });

  it("replaces each {$...} by the JSON text of its value", () => {
    const found = jsonpath("$[0].data[?(@.id == {$steps.grant.outputs.permissionId} && @.deleted == false)]");
    expect(found.passed).toBe(true);
    expect(found.message).toContain(
      `$[0].data[?(@.id == "p2" && @.deleted == false)] on [$response.body] selects 1 node`,
    );
    expect(jsonpath("$[0].data[?(@.id == {$steps.grant.outputs.mediaKey})]").passed).toBe(false);
  });

  it("takes its type as an object too", () => {
    expect(
      jsonpath("$[?length(@.data) == 2]", { type: "jsonpath", version: "draft-goessner-dispatch-jsonpath-00" }).passed,
    ).toBe(true);
    expect(criterionType({ condition: "x", type: { type: "regex" } })).toBe("regex");
    expect(criterionType({ condition: "x" })).toBe("simple");
  });

  it("refuses a bad query, a missing context and unknown types", () => {
    expect(() => jsonpath("$[?(@.a ==")).toThrow(CriterionError);
    expect(() => checkCriterion({ condition: "$[0]", type: "jsonpath" }, context)).toThrow(/needs a context/);
    expect(() => checkCriterion({ condition: "//a", context: "$response.body", type: "xpath" }, context)).toThrow(
      /xpath criteria are not supported/,
    );
  });
});
