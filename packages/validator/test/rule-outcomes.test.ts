// `onRule`: each x-rule's outcome, told once per scope that gave the rule something to test, from the
// same checks that report the errors.
import { beforeAll, describe, expect, it } from "vitest";
import type { OperationValidator } from "../src/runtime/operation.js";
import type { RequestInput, RuleOutcome, ValidateOptions } from "../src/runtime/types.js";
import { loadFixture } from "./fixtures/generate-fixture.js";
import { rulesDocument } from "./fixtures/rules-document.js";

let operations: Record<string, OperationValidator>;
const now = new Date("2026-03-10T12:00:00Z");

beforeAll(async () => {
  operations = await loadFixture("rules", rulesDocument);
});

function operation(operationId: string): OperationValidator {
  const found = operations[operationId];
  if (!found) throw new Error(`fixture operation ${operationId} missing`);
  return found;
}

/** The outcomes told while validating, and the verdict. */
function outcomes(operationId: string, input: RequestInput, options: ValidateOptions = {}) {
  const told: RuleOutcome[] = [];
  const result = operation(operationId).validateRequest(input, { now, ...options, onRule: (o) => told.push(o) });
  return { told, valid: result.valid };
}

describe("onRule", () => {
  it("tells a rule that was tested and passed as held, and one that added an error as broken", () => {
    expect(outcomes("compareFixture", { query: { daily: 500, total: 500 } }).told).toEqual([
      { id: "daily-within-total", kind: "compare", outcome: "held" },
    ]);
    expect(outcomes("compareFixture", { query: { daily: 501, total: 500 } })).toEqual({
      told: [{ id: "daily-within-total", kind: "compare", outcome: "broken" }],
      valid: false,
    });
  });

  it("does not tell a rule that had nothing to test", () => {
    // start-before-end: no end was sent; daily-within-total: no daily (total's default is not enough).
    expect(outcomes("compareFixture", { query: { start: "2026-01-01T00:00:00Z" } }).told).toEqual([]);
    expect(outcomes("exclusiveFixture", {}).told).toEqual([]);
    expect(outcomes("exclusiveFixture", { query: { cursor: "abc" } }).told).toEqual([
      { id: "total-excludes-cursor", kind: "exclusive", outcome: "held" },
    ]);
  });

  it("tells a conditional only when its `if` is met", () => {
    const told = outcomes("conditionalFixture", { query: { mode: "MANY", ids: "a,b" } }).told;
    expect(told).toEqual([{ id: "many-needs-two", kind: "conditional", outcome: "held" }]);
    const standard = outcomes("conditionalFixture", { query: { mode: "MANY", standard: "true", ids: "a" } }).told;
    expect(standard).toEqual([
      { id: "many-needs-two", kind: "conditional", outcome: "broken" },
      { id: "standard-only-without-ids", kind: "conditional", outcome: "broken" },
    ]);
  });

  it("tells a rule read per item once per item", () => {
    const body = [{ params: { daily: 5, total: 5 } }, { params: { total: 5 } }, { params: { daily: 6, total: 5 } }];
    expect(outcomes("perItemFixture", { body }).told.map((o) => o.outcome)).toEqual(["held", "broken"]);
  });

  it("tells a uniform rule only when two items share a group", () => {
    const item = (group: string, a: number) => ({ params: { group, a, b: "x" } });
    expect(outcomes("uniformFixture", { body: [item("g1", 1), item("g2", 2)] }).told).toEqual([]);
    expect(outcomes("uniformFixture", { body: [item("g1", 1), item("g1", 1)] }).told).toEqual([
      { id: "same-per-group", kind: "uniform", outcome: "held" },
    ]);
  });

  it("tells a rule's outcome in a request refused for another reason", () => {
    const result = outcomes("compareFixture", { query: { daily: 5, total: 10, start: "not a time" } });
    expect(result).toEqual({ told: [{ id: "daily-within-total", kind: "compare", outcome: "held" }], valid: false });
  });

  it("tells nothing when the schema errors pass the limit and the x-rules are not checked", () => {
    // Two schema errors (neither is a date-time); compared as strings, "a time" < "b time" holds.
    const input = { query: { daily: 501, total: 500, start: "a time", end: "b time" } };
    expect(outcomes("compareFixture", input, { maxErrors: 1 }).told).toEqual([]);
    expect(outcomes("compareFixture", input, { maxErrors: 2 }).told).toEqual([
      { id: "daily-within-total", kind: "compare", outcome: "broken" },
      { id: "start-before-end", kind: "compare", outcome: "held" },
    ]);
  });

  it("leaves the verdict as it is without onRule", () => {
    const input = { query: { mode: "MANY", standard: "true", ids: "a" } };
    const withOutcomes = operation("conditionalFixture").validateRequest(input, { now, onRule: () => {} });
    expect(withOutcomes).toEqual(operation("conditionalFixture").validateRequest(input, { now }));
  });
});
