import { describe, expect, it } from "vitest";
import {
  apiWarnProblems,
  documentedHeaders,
  headerExamples,
  latestDate,
  rateLimitProblems,
  resetProblems,
} from "../../src/headers.js";
import { fixtureWith } from "./fixture.js";

const user = (remaining: unknown, limit: unknown = 450, reset: unknown = 1782864000) => ({
  "x-rate-limit-limit": limit,
  "x-rate-limit-remaining": remaining,
  "x-rate-limit-reset": reset,
});
const account = (remaining: unknown) => ({
  "x-account-rate-limit-limit": 10000,
  "x-account-rate-limit-remaining": remaining,
  "x-account-rate-limit-reset": 1782864000,
});

describe("rateLimitProblems", () => {
  it("accepts what agrees with the status: some left on a success, none left on a 429", () => {
    expect(rateLimitProblems(200, { ...user(449), ...account(9999) })).toEqual([]);
    expect(rateLimitProblems(429, { ...user(0), ...account(0) })).toEqual([]);
    expect(rateLimitProblems(400, user(450))).toEqual([]);
    // an answer's headers are text
    expect(rateLimitProblems(429, user("0", "450", "1782864000"))).toEqual([]);
    expect(rateLimitProblems(200, {})).toEqual([]);
  });

  it("flags a 429 with requests left (the old shared example), at either level", () => {
    expect(rateLimitProblems(429, { ...user(449), ...account(9999) })).toEqual([
      "x-rate-limit-remaining is 449 on a 429: an exhausted limit leaves 0",
      "x-account-rate-limit-remaining is 9999 on a 429: an exhausted limit leaves 0",
    ]);
    expect(rateLimitProblems(429, { ...user(0), ...account(1) })).toEqual([
      "x-account-rate-limit-remaining is 1 on a 429: an exhausted limit leaves 0",
    ]);
  });

  it("flags none left on anything but a 429, more left than the limit, and values that are not counts", () => {
    expect(rateLimitProblems(200, user(0))).toEqual([
      "x-rate-limit-remaining is 0 on a 200: only a 429 has nothing left",
    ]);
    expect(rateLimitProblems(503, user(451))).toEqual(["x-rate-limit-remaining 451 is above x-rate-limit-limit 450"]);
    expect(rateLimitProblems(200, user("many"))).toEqual([
      'x-rate-limit-remaining is "many", not a non-negative integer',
    ]);
    expect(rateLimitProblems(200, { "x-rate-limit-limit": 450 })).toEqual([
      "x-rate-limit-remaining is undefined, not a non-negative integer",
      "x-rate-limit-reset is undefined, not a non-negative integer",
    ]);
    expect(rateLimitProblems(200, user(1, 450, -5))).toEqual(["x-rate-limit-reset is -5, not a non-negative integer"]);
  });
});

describe("resetProblems and latestDate", () => {
  it("finds the latest date of a document's examples, and flags a reset that is not after it", () => {
    const latest = latestDate({
      example: { created_at: "2016-07-21T22:42:09Z", scheduled_at: "2026-06-18T22:00:00Z", day: "2026-05-27" },
      description: "not a date: 2030-01-01 inside a sentence",
    });
    expect(new Date(latest * 1000).toISOString()).toBe("2026-06-18T22:00:00.000Z");
    expect(resetProblems(user(1, 450, 1782864000), latest)).toEqual([]);
    // 2026-01-01, the example before this change: earlier than other examples of the documents
    expect(resetProblems(user(1, 450, 1767225600), latest)).toEqual([
      "x-rate-limit-reset 1767225600 (2026-01-01T00:00:00.000Z) is not after 2026-06-18T22:00:00.000Z",
    ]);
  });
});

describe("documentedHeaders and apiWarnProblems", () => {
  const header = (example: unknown) => ({ schema: { type: "string" }, example });
  const bundle = (deprecated: boolean | undefined, warnOn: string[]) =>
    fixtureWith((document) => {
      document.components.headers = { "x-api-warn": header("This endpoint is deprecated.") };
      const operation = document.paths["/1/things/{thing_id}"].get;
      if (deprecated !== undefined) operation.deprecated = deprecated;
      operation.responses = Object.fromEntries(
        ["200", "400"].map((status) => [
          status,
          {
            description: status,
            headers: {
              "X-Rate-Limit-Remaining": header(449),
              ...(warnOn.includes(status) ? { "x-api-warn": { $ref: "#/components/headers/x-api-warn" } } : {}),
            },
          },
        ]),
      );
    });
  const problems = (deprecated: boolean | undefined, warnOn: string[]) => {
    const copy = bundle(deprecated, warnOn);
    const entry = copy.operations.find((e) => e.id === "getThing");
    if (!entry) throw new Error("no getThing");
    return apiWarnProblems(entry, documentedHeaders(entry));
  };

  it("resolves each response's headers, lower-cased, with their examples", () => {
    const copy = bundle(true, ["200"]);
    const entry = copy.operations.find((e) => e.id === "getThing");
    if (!entry) throw new Error("no getThing");
    const [ok, bad] = documentedHeaders(entry);
    expect(ok?.status).toBe("200");
    expect(headerExamples(ok?.headers ?? new Map())).toEqual({
      "x-rate-limit-remaining": 449,
      "x-api-warn": "This endpoint is deprecated.",
    });
    expect([...(bad?.headers.keys() ?? [])]).toEqual(["x-rate-limit-remaining"]);
  });

  it("accepts x-api-warn on a deprecated operation's successes and nowhere else", () => {
    expect(problems(undefined, [])).toEqual([]);
    expect(problems(false, [])).toEqual([]);
    expect(problems(true, ["200"])).toEqual([]);
    expect(problems(true, ["200", "400"])).toEqual([]);
  });

  it("flags x-api-warn on an operation that is not deprecated, and a deprecated success without it", () => {
    expect(problems(undefined, ["200", "400"])).toEqual([
      "200 carries x-api-warn, but the operation is not deprecated",
      "400 carries x-api-warn, but the operation is not deprecated",
    ]);
    expect(problems(false, ["400"])).toEqual(["400 carries x-api-warn, but the operation is not deprecated"]);
    expect(problems(true, [])).toEqual(["200 lacks x-api-warn, but the operation is deprecated"]);
  });
});
