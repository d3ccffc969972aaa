// The rate-limit scheduler against @xads/emulator (strict auth, rate limits on) on a virtual clock:
// 10,000 mixed requests across 20 accounts finish with no 429 and within 5 % of the fastest schedule
// the documented windows allow. The scheduler's `sleep` advances the emulator's clock once nothing is
// in flight, so 15 minutes of windows take no wall time.
import { createEmulator } from "@xads/emulator";
import { rateLimitWindows } from "@xads/types/facts";
import { expect, it } from "vitest";
import { ADS_SANDBOX_BASE_URL, createAdsClient, createRateLimitScheduler, type SchedulerStats } from "../src/index.js";

const ACCOUNTS = 20;
const WRITES = 2_600;
const READS = 2_400;
const TOTAL_COUNT_READS = 5_000;
const TOTAL = WRITES + READS + TOTAL_COUNT_READS;

type Kind = "write" | "read" | "totalCount";

/**
 * The fastest schedule the windows allow, computed from their definitions alone: fixed windows that
 * open at a bucket's first request (at 0), so a bucket of n requests under `limit` per `seconds` sends
 * its last at (ceil(n / limit) - 1) windows; the makespan is the latest bucket's.
 */
function optimum(requests: { kind: Kind; account: string }[]): number {
  const buckets = new Map<string, { n: number; window: keyof typeof rateLimitWindows }>();
  const count = (key: string, window: keyof typeof rateLimitWindows) => {
    const bucket = buckets.get(key) ?? { n: 0, window };
    bucket.n++;
    buckets.set(key, bucket);
  };
  for (const { kind, account } of requests) {
    // Writes: per user and operation. Reads with an account id: the account-level window governs, per
    // account and operation. with_total_count: one window per account over every operation.
    if (kind === "write") count("updateAccount", "write");
    else if (kind === "read") count(`${account} getAccount`, "accountRead");
    else count(`${account} total count`, "totalCount");
  }
  let latest = 0;
  for (const { n, window } of buckets.values()) {
    const { limit, seconds } = rateLimitWindows[window];
    latest = Math.max(latest, (Math.ceil(n / limit) - 1) * seconds * 1000);
  }
  return latest;
}

it("sends 10,000 mixed requests across 20 accounts with no 429, within 5 % of the optimum", async () => {
  const started = performance.now();
  const start = Math.floor(Date.now() / 1000) * 1000;
  const emu = await createEmulator({ auth: "strict", rateLimits: true, now: start });
  const { consumerKey, consumerSecret, token, tokenSecret } = emu.fixture;
  const oauth1 = { consumerKey, consumerSecret, token, tokenSecret };
  const emulatorFetch = emu.fetch.bind(emu);

  // Setup, outside the measured buckets: 19 sandbox accounts besides the fixture's.
  const setup = createAdsClient({ baseUrl: ADS_SANDBOX_BASE_URL, fetch: emulatorFetch, oauth1 });
  const accounts = [emu.fixture.accountId];
  while (accounts.length < ACCOUNTS) {
    const { data } = await setup.POST("/12/accounts", {});
    accounts.push(data?.data[0]?.id ?? "");
  }

  let stats: SchedulerStats | undefined;
  const scheduler = createRateLimitScheduler({
    now: () => emu.clock.now(),
    // Virtual: once every request has reached the scheduler and none is in flight, move the clock.
    sleep: async (ms, signal) => {
      for (;;) {
        stats = scheduler.stats();
        if (stats.received >= TOTAL && stats.inFlight === 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!signal?.aborted) emu.clock.advance(ms);
    },
    maxInFlight: 32,
    maxQueued: TOTAL,
  });
  const ads = createAdsClient({
    baseUrl: ADS_SANDBOX_BASE_URL,
    fetch: emulatorFetch,
    // Each attempt waits in the scheduler before it is signed, as the README places it.
    layers: [scheduler.layer],
    oauth1,
    timeoutMs: 0,
  });

  // The mix, interleaved: writes, account reads and with_total_count reads, round robin over accounts.
  const requests: { kind: Kind; account: string }[] = [];
  const kinds: Kind[] = [
    ...Array<Kind>(WRITES).fill("write"),
    ...Array<Kind>(READS).fill("read"),
    ...Array<Kind>(TOTAL_COUNT_READS).fill("totalCount"),
  ];
  for (let i = 0; i < TOTAL; i++) {
    // A fixed shuffle (multiplicative stride), so kinds are mixed.
    const kind = kinds[(i * 7_919) % TOTAL] as Kind;
    requests.push({ kind, account: accounts[i % ACCOUNTS] as string });
  }
  const statuses = await Promise.all(
    requests.map(async ({ kind, account }, i) => {
      const path = { account_id: account };
      if (kind === "write")
        return (await ads.PUT("/12/accounts/{account_id}", { params: { path, query: { name: `n${i}` } } })).response
          .status;
      if (kind === "read") return (await ads.GET("/12/accounts/{account_id}", { params: { path } })).response.status;
      return (
        await ads.GET("/12/accounts/{account_id}/campaigns", { params: { path, query: { with_total_count: true } } })
      ).response.status;
    }),
  );
  const makespan = emu.clock.now() - start;
  const best = optimum(requests);
  const wall = performance.now() - started;
  const final = scheduler.stats();
  console.log(
    `scheduler: ${TOTAL} requests, ${statuses.filter((s) => s === 429).length} answered 429, virtual makespan ${makespan / 1000} s, optimum ${best / 1000} s, ${final.delayed} delayed, ${Math.round(wall)} ms wall`,
  );

  expect(statuses.filter((s) => s === 429)).toEqual([]);
  expect(new Set(statuses)).toEqual(new Set([200]));
  expect(final.tooManyRequests).toBe(0);
  expect(final.sent).toBe(TOTAL);
  expect(final.queued).toBe(0);
  expect(best).toBeGreaterThan(0);
  expect(makespan).toBeLessThanOrEqual(best * 1.05);
}, 60_000);
