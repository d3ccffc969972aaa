// The rate-limit scheduler with a fake `next`: classification from the generated facts, queueing on a
// virtual clock, corrections from the headers, abort while queued, the bounded queue, pass-through.
import { describe, expect, it } from "vitest";
import { createRateLimitScheduler, XAdsQueueFullError } from "../src/index.js";

const BASE = "https://ads-api.x.com";

function harness(headers?: (url: string, n: number) => Record<string, string>) {
  let clock = 1_000_000;
  const sent: { url: string; at: number }[] = [];
  const sleeps: number[] = [];
  const next = async (url: string) => {
    sent.push({ url, at: clock });
    return new Response("{}", { status: 200, headers: headers?.(url, sent.length) ?? {} });
  };
  const scheduler = createRateLimitScheduler({
    now: () => clock,
    sleep: async (ms, signal) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (signal?.aborted) return;
      sleeps.push(ms);
      clock += ms;
    },
  });
  return { scheduler, fetch: scheduler.layer(next), sent, sleeps, now: () => clock };
}

describe("createRateLimitScheduler", () => {
  it("classifies requests by the generated windows", () => {
    const { scheduler } = harness();
    expect(scheduler.classify("PUT", `${BASE}/12/accounts/abc/campaigns/c1?name=x`)).toMatchObject({
      operationId: "updateCampaign",
      window: "write",
    });
    expect(scheduler.classify("GET", `${BASE}/12/accounts/abc/campaigns?with_total_count=true`)).toMatchObject({
      window: "totalCount",
      bucket: "account\nabc\nwindow totalCount",
    });
    expect(scheduler.classify("GET", `${BASE}/12/accounts/abc/campaigns`)).toMatchObject({
      window: "accountRead",
      accountId: "abc",
    });
    expect(scheduler.classify("GET", `${BASE}/12/accounts`)).toMatchObject({ window: "readWithoutAccount" });
    expect(scheduler.classify("POST", `${BASE}/oauth/request_token`)).toBeUndefined();
  });

  it("queues a request until its window resets instead of sending it", async () => {
    const { fetch, sent, sleeps } = harness();
    const answers = await Promise.all(Array.from({ length: 7 }, () => fetch(`${BASE}/12/accounts`, {})));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const times = sent.map((s) => s.at - 1_000_000);
    expect(times).toEqual([0, 0, 0, 0, 0, 900_000, 900_000]);
    expect(sleeps).toEqual([900_000]);
  });

  it("corrects its count from the headers: fewer remaining than it sent means others share the window", async () => {
    // The API reports 3 left of 5 after the first request: someone else spent one.
    const { fetch, sent, now } = harness((_url, n) => ({
      "x-rate-limit-limit": "5",
      "x-rate-limit-remaining": String(Math.max(0, 3 - (n - 1))),
      "x-rate-limit-reset": String(Math.ceil((now() + 900_000) / 1000)),
    }));
    for (let i = 0; i < 5; i++) await fetch(`${BASE}/12/accounts`, {});
    expect(sent.map((s) => s.at - 1_000_000)).toEqual([0, 0, 0, 0, 900_000]);
  });

  it("a later reset in the headers moves the window", async () => {
    const { fetch, sent } = harness(
      (_url, n): Record<string, string> =>
        n === 1 ? { "x-rate-limit-limit": "5", "x-rate-limit-remaining": "0", "x-rate-limit-reset": "1120" } : {},
    );
    await fetch(`${BASE}/12/accounts`, {});
    await fetch(`${BASE}/12/accounts`, {});
    expect(sent.map((s) => s.at)).toEqual([1_000_000, 1_120_000]);
  });

  it("an aborted signal takes a queued request out of the queue", async () => {
    const { scheduler, fetch, sent } = harness();
    for (let i = 0; i < 5; i++) await fetch(`${BASE}/12/accounts`, {});
    const controller = new AbortController();
    const queued = fetch(`${BASE}/12/accounts`, { signal: controller.signal });
    expect(scheduler.stats().queued).toBe(1);
    controller.abort(new Error("no longer needed"));
    await expect(queued).rejects.toThrow("no longer needed");
    expect(scheduler.stats().queued).toBe(0);
    expect(sent).toHaveLength(5);
  });

  it("refuses a request when the queue is full", async () => {
    const scheduler = createRateLimitScheduler({ maxQueued: 1, sleep: () => new Promise(() => {}) });
    const fetch = scheduler.layer(async () => new Response("{}"));
    for (let i = 0; i < 5; i++) await fetch(`${BASE}/12/accounts`, {});
    void fetch(`${BASE}/12/accounts`, {});
    await expect(fetch(`${BASE}/12/accounts`, {})).rejects.toBeInstanceOf(XAdsQueueFullError);
  });

  it("passes unknown paths through untouched", async () => {
    const { scheduler, fetch, sent } = harness();
    for (let i = 0; i < 10; i++) await fetch(`${BASE}/oauth/request_token`, { method: "POST" });
    expect(sent).toHaveLength(10);
    expect(scheduler.stats()).toMatchObject({ passedThrough: 10, received: 0 });
  });

  it("queues a 429 again until the reset the headers give", async () => {
    let calls = 0;
    let clock = 2_000_000;
    const scheduler = createRateLimitScheduler({
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    const fetch = scheduler.layer(async () => {
      calls++;
      return calls === 1
        ? new Response("{}", {
            status: 429,
            headers: { "x-rate-limit-limit": "450", "x-rate-limit-remaining": "0", "x-rate-limit-reset": "2060" },
          })
        : new Response("{}");
    });
    const answer = await fetch(`${BASE}/12/accounts/abc/campaigns/c1?name=x`, { method: "PUT" });
    expect(answer.status).toBe(200);
    expect(clock).toBe(2_060_000);
    expect(scheduler.stats()).toMatchObject({ tooManyRequests: 1, requeued: 1 });
  });

  it("refuses options that could never send, naming the option and the rule", () => {
    expect(() => createRateLimitScheduler({ maxInFlight: 0 })).toThrow(
      "createRateLimitScheduler: maxInFlight must be a whole number of at least 1 (got 0)",
    );
    expect(() => createRateLimitScheduler({ maxQueued: -1 })).toThrow(/maxQueued must be a whole number of at least 0/);
    expect(() => createRateLimitScheduler({ requeueOn429: 1.5 })).toThrow(/requeueOn429 must be a whole number/);
    expect(() => createRateLimitScheduler({ maxInFlight: Number.NaN })).toThrow(RangeError);
  });

  it("passes a malformed path escape through its window instead of throwing", async () => {
    const { scheduler, fetch, sent } = harness();
    expect(scheduler.classify("GET", `${BASE}/12/accounts/%E0%A4%A/campaigns`)).toMatchObject({
      window: "accountRead",
      accountId: "%E0%A4%A",
    });
    await fetch(`${BASE}/12/accounts/%E0%A4%A/campaigns`, { method: "GET" });
    expect(sent).toHaveLength(1);
  });

  it("forgets idle windows, so many accounts over time do not grow its memory", async () => {
    let clock = 5_000_000;
    const scheduler = createRateLimitScheduler({ now: () => clock, sleep: async () => {} });
    const fetch = scheduler.layer(async () => new Response("{}"));
    for (let i = 0; i < 3_000; i++) await fetch(`${BASE}/12/accounts/a${i}/campaigns`, { method: "GET" });
    // Each account's read window is open for 15 minutes: none is idle yet, all are kept.
    expect(scheduler.stats().buckets).toBe(3_000);
    // Once they are over, they go at the next sweep (when the map has doubled since the last one).
    clock += 16 * 60_000;
    for (let i = 0; i < 1_100; i++) await fetch(`${BASE}/12/accounts/b${i}/campaigns`, { method: "GET" });
    expect(scheduler.stats().buckets).toBe(1_100);
  });
});
