// Each x-rules kind against the fixture document: the edge is accepted, one past it is rejected with
// the rule's error code, the parameter and a message naming the rule.
import { beforeAll, describe, expect, it } from "vitest";
import type { OperationValidator } from "../src/runtime/operation.js";
import type { RequestInput, ValidationResult } from "../src/runtime/types.js";
import { loadFixture } from "./fixtures/generate-fixture.js";
import { rulesDocument } from "./fixtures/rules-document.js";

let operations: Record<string, OperationValidator>;
const now = new Date("2026-03-10T12:00:00Z");

beforeAll(async () => {
  operations = await loadFixture("rules", rulesDocument);
});

function check(operationId: string, input: RequestInput): ValidationResult {
  const operation = operations[operationId];
  if (!operation) throw new Error(`fixture operation ${operationId} missing`);
  return operation.validateRequest(input, { now });
}

function expectValid(operationId: string, input: RequestInput) {
  expect(check(operationId, input)).toMatchObject({ valid: true });
}

function expectRuleError(operationId: string, input: RequestInput, code: string, parameter: string, ruleId: string) {
  const result = check(operationId, input);
  expect(result.valid).toBe(false);
  if (result.valid) return;
  expect(result.errors).toContainEqual(
    expect.objectContaining({ code, parameter, message: expect.stringContaining(`rule ${ruleId}`) }),
  );
  expect(result.errors.find((e) => e.code === code)?.message).toContain(`Fixture rule ${ruleId}.`);
}

describe("compare", () => {
  it("accepts equal values for <= and rejects one more", () => {
    expectValid("compareFixture", { query: { daily: 500, total: 500 } });
    expectRuleError(
      "compareFixture",
      { query: { daily: 501, total: 500 } },
      "INVALID_PARAMETER",
      "daily",
      "daily-within-total",
    );
  });
  it("uses the default of an absent right side (total defaults to 10)", () => {
    expectValid("compareFixture", { query: "daily=10" });
    expectRuleError("compareFixture", { query: "daily=11" }, "INVALID_PARAMETER", "daily", "daily-within-total");
  });
  it("compares timestamps as instants, strictly for <", () => {
    expectValid("compareFixture", { query: { start: "2026-01-01T00:00:00Z", end: "2026-01-01T00:00:01Z" } });
    expectRuleError(
      "compareFixture",
      { query: { start: "2026-01-01T00:00:00Z", end: "2026-01-01T01:00:00+01:00" } },
      "INVALID_PARAMETER",
      "start",
      "start-before-end",
    );
  });
  it("does not apply when a side without default is absent", () => {
    expectValid("compareFixture", { query: { start: "2026-01-01T00:00:00Z" } });
  });
  it("is checked once per item for [] references, naming the item", () => {
    const body = [{ params: { daily: 5, total: 5 } }, { params: { daily: 6, total: 5 } }];
    expectValid("perItemFixture", { body: body.slice(0, 1) });
    expectRuleError("perItemFixture", { body }, "INVALID_PARAMETER", "body[1].params.daily", "item-daily-within-total");
  });
});

describe("exclusive (declared on a parameter)", () => {
  it("accepts one of them and rejects both", () => {
    expectValid("exclusiveFixture", { query: { with_total: true } });
    expectValid("exclusiveFixture", { query: { cursor: "abc" } });
    expectRuleError(
      "exclusiveFixture",
      { query: "with_total=true&cursor=abc" },
      "EXCLUSIVE_PARAMETERS",
      "cursor",
      "total-excludes-cursor",
    );
  });
  it("counts a parameter as present only when sent (a default does not count)", () => {
    expectValid("exclusiveFixture", { query: { cursor: "abc" } });
  });
});

describe("requires", () => {
  it("accepts all of then and rejects one missing, naming it", () => {
    expectValid("requiresFixture", { query: { bid: 1, bid_unit: "CLICK", bid_type: "MAX" } });
    expectValid("requiresFixture", { query: { bid_unit: "CLICK" } });
    expectRuleError(
      "requiresFixture",
      { query: { bid: 1, bid_unit: "CLICK" } },
      "INCLUSIVE_PARAMETERS",
      "bid_type",
      "bid-needs-unit",
    );
  });
});

describe("conditional", () => {
  it("equals -> minItems: two ids accepted, one rejected", () => {
    expectValid("conditionalFixture", { query: { mode: "MANY", ids: "a,b" } });
    expectRuleError(
      "conditionalFixture",
      { query: { mode: "MANY", ids: "a" } },
      "INVALID_PARAMETER",
      "ids",
      "many-needs-two",
    );
  });
  it("in -> maxItems, with the default of the if side", () => {
    expectValid("conditionalFixture", { query: { ids: ["a"] } });
    expectRuleError("conditionalFixture", { query: { ids: ["a", "b"] } }, "INVALID_PARAMETER", "ids", "one-allows-one");
  });
  it("present -> present false", () => {
    expectValid("conditionalFixture", { query: { standard: true } });
    expectRuleError(
      "conditionalFixture",
      { query: { standard: "true", ids: "a" } },
      "INVALID_PARAMETER",
      "ids",
      "standard-only-without-ids",
    );
  });
});

describe("max-total-items", () => {
  it("accepts 3 items across both lists and rejects 4", () => {
    expectValid("maxTotalItemsFixture", { query: "a=x,y&b=z" });
    expectRuleError("maxTotalItemsFixture", { query: "a=x,y&b=z,w" }, "INVALID_PARAMETER", "a", "at-most-three");
  });
});

describe("time-window", () => {
  it("accepts exactly the maximum and rejects one second more", () => {
    expectValid("timeWindowFixture", {
      query: { start_time: "2026-03-01T00:00:00Z", end_time: "2026-03-08T00:00:00Z" },
    });
    expectRuleError(
      "timeWindowFixture",
      { query: { start_time: "2026-03-01T00:00:00Z", end_time: "2026-03-08T00:00:01Z" } },
      "INVALID_TIME_WINDOW",
      "end_time",
      "week",
    );
  });
  it("rejects a negative window and accepts an empty one", () => {
    expectValid("timeWindowFixture", {
      query: { start_time: "2026-03-01T00:00:00Z", end_time: "2026-03-01T00:00:00Z" },
    });
    expectRuleError(
      "timeWindowFixture",
      { query: { start_time: "2026-03-01T00:00:00Z", end_time: "2026-02-28T23:59:59Z" } },
      "INVALID_TIME_WINDOW",
      "end_time",
      "week",
    );
  });
  it("measures to now when the end is absent and endDefaultsToNow is set", () => {
    expectValid("timeWindowFixture", { query: { start_time: "2026-03-03T12:00:00Z" } });
    expectRuleError(
      "timeWindowFixture",
      { query: { start_time: "2026-03-03T11:59:59Z" } },
      "INVALID_TIME_WINDOW",
      "end_time",
      "week",
    );
  });
  it("adds months by the calendar (Jan 31 + P1M ends on the last day of February)", () => {
    expectValid("monthWindowFixture", { query: { from: "2026-01-31T00:00:00Z", to: "2026-02-28T00:00:00Z" } });
    expectRuleError(
      "monthWindowFixture",
      { query: { from: "2026-01-31T00:00:00Z", to: "2026-02-28T00:00:01Z" } },
      "INVALID_TIME_WINDOW",
      "to",
      "month",
    );
  });
});

describe("max-ahead", () => {
  it("accepts exactly the maximum ahead and rejects one second more", () => {
    expectValid("maxAheadFixture", { query: { at: "2026-03-11T12:00:00Z" } });
    expectRuleError(
      "maxAheadFixture",
      { query: { at: "2026-03-11T12:00:01Z" } },
      "INVALID_PARAMETER",
      "at",
      "at-within-day",
    );
  });
  it("exclusive: one second less than the maximum is accepted, the maximum itself is rejected", () => {
    expectValid("maxAheadFixture", { query: { until: "2026-03-10T12:59:59Z" } });
    expectRuleError(
      "maxAheadFixture",
      { query: { until: "2026-03-10T13:00:00Z" } },
      "INVALID_PARAMETER",
      "until",
      "until-before-hour",
    );
  });
});

describe("max-body-bytes", () => {
  it("accepts 20 bytes and rejects 21, counting UTF-8 bytes", () => {
    expectValid("maxBodyBytesFixture", { body: { text: "123456789" } }); // {"text":"123456789"} is 20 bytes
    expectRuleError("maxBodyBytesFixture", { body: { text: "1234567890" } }, "INVALID_PARAMETER", "body", "small");
    expectValid("maxBodyBytesFixture", { body: '{"text":"1234567é"}' }); // é is 2 bytes: 20 in all
    expectRuleError("maxBodyBytesFixture", { body: '{"text":"12345678é"}' }, "INVALID_PARAMETER", "body", "small");
  });
});

describe("max-tree-leaves", () => {
  const leaf = (key: string) => ({ key, children: [] });
  it("accepts 3 leaves and rejects 4", () => {
    expectValid("maxTreeLeavesFixture", {
      body: { tree: { key: "root", children: [leaf("a"), { key: "b", children: [leaf("c"), leaf("d")] }] } },
    });
    expectRuleError(
      "maxTreeLeavesFixture",
      {
        body: {
          tree: { key: "root", children: [leaf("a"), leaf("e"), { key: "b", children: [leaf("c"), leaf("d")] }] },
        },
      },
      "INVALID_PARAMETER",
      "body.tree",
      "three-leaves",
    );
  });
});

describe("uniform", () => {
  const item = (group: string, a: number, b = "x") => ({ params: { group, a, b } });
  it("accepts items that agree within their group and rejects one that differs", () => {
    expectValid("uniformFixture", { body: [item("g1", 1), item("g1", 1), item("g2", 2)] });
    expectRuleError(
      "uniformFixture",
      { body: [item("g1", 1), item("g2", 2), item("g1", 3)] },
      "INVALID_PARAMETER",
      "body[2].params.a",
      "same-per-group",
    );
  });
});

describe("media-keys-mix", () => {
  it("accepts 4 images and rejects 5", () => {
    expectValid("mediaKeysMixFixture", { query: { media_keys: "3_1,3_2,3_3,3_4" } });
    expectRuleError(
      "mediaKeysMixFixture",
      { query: { media_keys: "3_1,3_2,3_3,3_4,3_5" } },
      "INVALID_MEDIA",
      "media_keys",
      "one-kind",
    );
  });
  it("accepts 1 video and rejects a mix of kinds", () => {
    expectValid("mediaKeysMixFixture", { query: { media_keys: "13_1" } });
    expectRuleError(
      "mediaKeysMixFixture",
      { query: { media_keys: "3_1,7_2" } },
      "INVALID_MEDIA",
      "media_keys",
      "one-kind",
    );
  });
  it("passes a key of an unknown prefix, unclassified: the mapping of prefixes is inferred", () => {
    expectValid("mediaKeysMixFixture", { query: { media_keys: "9_1" } });
    expectValid("mediaKeysMixFixture", { query: { media_keys: "3_1,3_2,3_3,3_4,9_1" } });
    expectValid("mediaKeysMixFixture", { query: { media_keys: "13_1,21_7" } });
    expectRuleError(
      "mediaKeysMixFixture",
      { query: { media_keys: "9_1,3_1,7_2" } },
      "INVALID_MEDIA",
      "media_keys",
      "one-kind",
    );
  });
});
