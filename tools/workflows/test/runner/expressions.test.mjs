// Runtime expressions: JSON pointers into the answer, headers by any case, step and workflow outputs,
// and values written with expressions, through nested payloads.
import { describe, expect, it } from "vitest";
import {
  displayValue,
  ExpressionError,
  evaluateExpression,
  evaluateValue,
  isExpression,
  resolvePointer,
} from "../../src/runner/expressions.mjs";

/** @typedef {import("../../src/runner/expressions.mjs").ExpressionContext} ExpressionContext */

/** @param {Partial<ExpressionContext>} [overrides] @returns {ExpressionContext} */
const contextWith = (overrides = {}) => ({
  inputs: { name: "launch" },
  outputs: { accountId: "acc1" },
  steps: { create: { outputs: { id: "c1", ids: ["a", "b"] } } },
  workflows: { setup: { inputs: { region: "us" }, outputs: { accountId: "acc0" } } },
  exchange: {
    url: "https://ads-api.x.com/12/accounts?count=2",
    method: "GET",
    requestHeaders: { "x-trace": "t1" },
    requestQuery: { count: "2" },
    requestPath: { account_id: "acc1" },
    requestBody: { name: "x" },
    status: 200,
    responseHeaders: { "x-rate-limit-remaining": "99", "content-type": "application/json" },
    responseText: JSON.stringify({ data: [{ id: "a/b", "m~n": 1, deleted: false }], next_cursor: null }),
  },
  ...overrides,
});

describe("resolvePointer", () => {
  const value = { data: [{ id: 7 }], "a/b": { "c~d": "deep" }, "": "empty key" };

  it("walks objects and arrays, and unescapes ~1 and ~0", () => {
    expect(resolvePointer(value, "/data/0/id")).toBe(7);
    expect(resolvePointer(value, "/a~1b/c~0d")).toBe("deep");
    expect(resolvePointer(value, "")).toBe(value);
    expect(resolvePointer(value, "/")).toBe("empty key");
  });

  it("answers undefined where it leads nowhere", () => {
    expect(resolvePointer(value, "/data/1/id")).toBeUndefined();
    expect(resolvePointer(value, "/data/x")).toBeUndefined();
    expect(resolvePointer(value, "/data/01")).toBeUndefined();
    expect(resolvePointer(value, "/data/0/id/more")).toBeUndefined();
    expect(resolvePointer(value, "/toString")).toBeUndefined();
  });

  it("refuses a pointer without its leading slash", () => {
    expect(() => resolvePointer(value, "data")).toThrow(ExpressionError);
  });
});

describe("evaluateExpression", () => {
  const context = contextWith();

  it("reads the status, the method and the URL", () => {
    expect(evaluateExpression("$statusCode", context)).toBe(200);
    expect(evaluateExpression("$method", context)).toBe("GET");
    expect(evaluateExpression("$url", context)).toBe("https://ads-api.x.com/12/accounts?count=2");
  });

  it("reads the body as JSON, with pointers, and as text when it is not JSON", () => {
    expect(evaluateExpression("$response.body#/data/0/id", context)).toBe("a/b");
    expect(evaluateExpression("$response.body#/data/0/m~0n", context)).toBe(1);
    expect(evaluateExpression("$response.body#/next_cursor", context)).toBeNull();
    expect(evaluateExpression("$response.body#/missing", context)).toBeUndefined();
    expect(evaluateExpression("$response.body", context)).toMatchObject({ next_cursor: null });
    const text = contextWith({
      exchange: { url: "u", method: "POST", status: 200, responseText: "oauth_token=a&b=c" },
    });
    expect(evaluateExpression("$response.body", text)).toBe("oauth_token=a&b=c");
  });

  it("reads answer headers by any case; a missing one is undefined", () => {
    expect(evaluateExpression("$response.header.X-Rate-Limit-Remaining", context)).toBe("99");
    expect(evaluateExpression("$response.header.x-xads-proxy-oauth-verifier", context)).toBeUndefined();
  });

  it("reads the request's parts", () => {
    expect(evaluateExpression("$request.header.X-Trace", context)).toBe("t1");
    expect(evaluateExpression("$request.query.count", context)).toBe("2");
    expect(evaluateExpression("$request.path.account_id", context)).toBe("acc1");
    expect(evaluateExpression("$request.body#/name", context)).toBe("x");
  });

  it("reads inputs, outputs, steps' outputs and ended workflows' outputs", () => {
    expect(evaluateExpression("$inputs.name", context)).toBe("launch");
    expect(evaluateExpression("$outputs.accountId", context)).toBe("acc1");
    expect(evaluateExpression("$steps.create.outputs.id", context)).toBe("c1");
    expect(evaluateExpression("$steps.create.outputs.ids#/1", context)).toBe("b");
    expect(evaluateExpression("$steps.never.outputs.id", context)).toBeUndefined();
    expect(evaluateExpression("$workflows.setup.outputs.accountId", context)).toBe("acc0");
    expect(evaluateExpression("$workflows.setup.inputs.region", context)).toBe("us");
  });

  it("refuses what it cannot read, and answer reads before an answer", () => {
    expect(() => evaluateExpression("$response.nothing", context)).toThrow(/not a runtime expression/);
    expect(() => evaluateExpression("$statusCode#/x", context)).toThrow(ExpressionError);
    expect(() => evaluateExpression("$statusCode", contextWith({ exchange: undefined }))).toThrow(/after a request/);
  });
});

describe("evaluateValue", () => {
  const context = contextWith();

  it("replaces a string that is exactly an expression by its value, keeping its type", () => {
    expect(evaluateValue("$statusCode", context)).toBe(200);
    expect(evaluateValue("$steps.create.outputs.ids", context)).toEqual(["a", "b"]);
  });

  it("replaces {$...} inside a longer string by its text", () => {
    expect(evaluateValue("card://{$steps.create.outputs.id}", context)).toBe("card://c1");
    expect(evaluateValue("{$statusCode} and {$inputs.name}", context)).toBe("200 and launch");
  });

  it("goes through nested payloads and leaves literals alone", () => {
    const payload = [
      {
        operation_type: "Create",
        params: {
          name: "first",
          funding_instrument_id: "$outputs.accountId",
          budget: 5000000,
          paused: true,
          segments: { child_segments: [{ custom_audience_id: "$steps.create.outputs.id", lookback_window: 30 }] },
          uri: "card://{$steps.create.outputs.id}",
          price: "$5 off",
          none: null,
        },
      },
    ];
    expect(evaluateValue(payload, context)).toEqual([
      {
        operation_type: "Create",
        params: {
          name: "first",
          funding_instrument_id: "acc1",
          budget: 5000000,
          paused: true,
          segments: { child_segments: [{ custom_audience_id: "c1", lookback_window: 30 }] },
          uri: "card://c1",
          price: "$5 off",
          none: null,
        },
      },
    ]);
  });

  it("tells an expression from a literal that starts with $", () => {
    expect(isExpression("$steps.a.outputs.b")).toBe(true);
    expect(isExpression("$5 off")).toBe(false);
    expect(isExpression(5)).toBe(false);
  });
});

describe("displayValue", () => {
  it("shows JSON text, cut short", () => {
    expect(displayValue(404)).toBe("404");
    expect(displayValue("a")).toBe('"a"');
    expect(displayValue(undefined)).toBe("undefined");
    const long = displayValue("x".repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith("…")).toBe(true);
  });
});
