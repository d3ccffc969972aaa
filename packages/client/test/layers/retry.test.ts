import { describe, expect, it } from "vitest";
import { type AttemptOutcome, getRetryDelayMs, retryPolicy, shouldRetry } from "../../src/index.js";

const policy = retryPolicy({ retries: 3, baseDelayMs: 500, maxDelayMs: 30_000, maxWaitMs: 900_000 });
const NOW = 1_767_225_600_000;

describe("retryPolicy", () => {
  it("fills in the defaults; false is no retries; methods are upper-cased", () => {
    expect(retryPolicy(undefined)).toEqual({
      retries: 3,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      maxWaitMs: 900_000,
      methods: ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"],
    });
    expect(retryPolicy(false).retries).toBe(0);
    expect(retryPolicy({ methods: ["get", "post"] }).methods).toEqual(["GET", "POST"]);
  });
});

describe("shouldRetry (pure)", () => {
  const withPost = retryPolicy({ methods: ["GET", "POST"] });
  it.each<[string, AttemptOutcome, boolean]>([
    ["GET, network error, first attempt", { method: "GET", attempt: 1 }, true],
    ["GET, network error, last retry used", { method: "GET", attempt: 4 }, false],
    ["GET 429", { method: "GET", attempt: 1, status: 429 }, true],
    ["GET 500", { method: "GET", attempt: 2, status: 500 }, true],
    ["GET 503", { method: "GET", attempt: 3, status: 503 }, true],
    ["GET 503 after the retries", { method: "GET", attempt: 4, status: 503 }, false],
    ["GET 200", { method: "GET", attempt: 1, status: 200 }, false],
    ["GET 404", { method: "GET", attempt: 1, status: 404 }, false],
    ["GET 307", { method: "GET", attempt: 1, status: 307 }, false],
    ["DELETE 502", { method: "DELETE", attempt: 1, status: 502 }, true],
    ["PUT network error", { method: "PUT", attempt: 1 }, true],
    ["lower-case get 500", { method: "get", attempt: 1, status: 500 }, true],
    ["POST 500 (never by default)", { method: "POST", attempt: 1, status: 500 }, false],
    ["POST network error (never by default)", { method: "POST", attempt: 1 }, false],
    ["POST 429 (never by default)", { method: "POST", attempt: 1, status: 429 }, false],
    ["PATCH 503", { method: "PATCH", attempt: 1, status: 503 }, false],
  ])("%s", (_name, outcome, expected) => {
    expect(shouldRetry(outcome, policy)).toBe(expected);
  });
  it("retries POST when the policy lists it", () => {
    expect(shouldRetry({ method: "POST", attempt: 1, status: 500 }, withPost)).toBe(true);
    expect(shouldRetry({ method: "POST", attempt: 1 }, withPost)).toBe(true);
  });
  it("retries nothing with retries: 0", () => {
    expect(shouldRetry({ method: "GET", attempt: 1, status: 503 }, retryPolicy(false))).toBe(false);
  });
});

describe("getRetryDelayMs (pure)", () => {
  const rateLimited = (resetSeconds: number) =>
    new Headers({
      "x-rate-limit-limit": "450",
      "x-rate-limit-remaining": "0",
      "x-rate-limit-reset": `${resetSeconds}`,
    });
  const outcome = (attempt: number, status?: number, headers?: Headers): AttemptOutcome => ({
    method: "GET",
    attempt,
    status,
    headers,
  });
  it.each<[string, AttemptOutcome, number, number | undefined]>([
    // Full-jitter exponential backoff: random * min(maxDelayMs, baseDelayMs * 2^(attempt - 1)), floored.
    ["network error, attempt 1, random 0.5", outcome(1), 0.5, 250],
    ["network error, attempt 2, random 0.5", outcome(2), 0.5, 500],
    ["network error, attempt 3, random 0.999", outcome(3), 0.999, 1998],
    ["500, attempt 1, random 0", outcome(1, 500), 0, 0],
    ["502, attempt 10: capped at maxDelayMs", outcome(10, 502), 0.5, 15_000],
    // 429: until the reset, plus up to a tenth of the base delay.
    ["429, reset in 10 s", outcome(1, 429, rateLimited(NOW / 1000 + 10)), 0.5, 10_025],
    ["429, reset already past", outcome(1, 429, rateLimited(NOW / 1000 - 5)), 0, 0],
    ["429 without a reset header: backoff", outcome(2, 429, new Headers()), 0.5, 500],
    ["429, reset beyond maxWaitMs: answer at once", outcome(1, 429, rateLimited(NOW / 1000 + 3600)), 0.5, undefined],
    // 503: retry-after in seconds or as a date.
    ["503, retry-after 2", outcome(1, 503, new Headers({ "retry-after": "2" })), 0.5, 2025],
    [
      "503, retry-after as a date",
      outcome(1, 503, new Headers({ "retry-after": new Date(NOW + 4000).toUTCString() })),
      0,
      4000,
    ],
    [
      "503, retry-after 3600 s, beyond maxWaitMs: answer at once",
      outcome(1, 503, new Headers({ "retry-after": "3600" })),
      0,
      undefined,
    ],
    ["503 without retry-after: backoff", outcome(3, 503, new Headers()), 0.25, 500],
  ])("%s", (_name, attempt, random, expected) => {
    expect(getRetryDelayMs(attempt, policy, NOW, random)).toBe(expected);
  });
  it("honours a smaller maxWaitMs", () => {
    const short = retryPolicy({ maxWaitMs: 1000 });
    expect(getRetryDelayMs(outcome(1, 503, new Headers({ "retry-after": "2" })), short, NOW, 0)).toBeUndefined();
    expect(getRetryDelayMs(outcome(1, 503, new Headers({ "retry-after": "1" })), short, NOW, 0)).toBe(1000);
  });
});
