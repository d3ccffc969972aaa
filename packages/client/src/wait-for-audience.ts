// waitForAudience: polls one custom audience until a condition holds (by default: targetable).
import type { Ads } from "@xads/types";
import { XAdsApiError } from "./errors.js";
import { checkAnswer, checkMs, poll, type Send, type WaitTimingOptions, XAdsDeadlineError } from "./wait.js";

/** A custom audience record (the ads document's `CustomAudience`). */
export type CustomAudience = Ads.components["schemas"]["CustomAudience"];

/**
 * Default wait between two reads: 15 minutes. The documents say nothing of how long matching takes
 * (seed 001: "transitions among reasons_not_targetable values: not shown"); a new audience is
 * `PROCESSING` for hours rather than seconds, so polling faster only spends the rate limit.
 */
const AUDIENCE_INTERVAL_MS = 15 * 60_000;
/** Default deadline: 24 hours (97 reads at the default interval). */
const AUDIENCE_DEADLINE_MS = 24 * 60 * 60_000;
const AUDIENCE_PATH = "/12/accounts/{account_id}/custom_audiences/{custom_audience_id}";

/** The minimal client waitForAudience needs: any client made by this package (an `AdsClient`). */
export interface AudienceReadingClient {
  /** Method syntax on purpose: any openapi-fetch client fits; answers are checked at run time. */
  GET(...args: never[]): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

export interface WaitForAudienceOptions extends WaitTimingOptions {
  accountId: string;
  customAudienceId: string;
  /** When the wait is over (default: `audience.targetable === true`). */
  until?: (audience: CustomAudience) => boolean;
  /**
   * Wait between two reads, in ms (default 900 000: 15 minutes); the last wait is cut short to end at
   * the deadline, where one last read happens.
   */
  intervalMs?: number;
  /** Longest time to wait, in ms (default 86 400 000: 24 hours). */
  deadlineMs?: number;
  /** Called with each read audience for which `until` is false, before waiting. */
  onPoll?: (audience: CustomAudience) => void;
}

const isTargetable = (audience: CustomAudience) => audience.targetable === true;

/**
 * Reads `GET /12/accounts/{account_id}/custom_audiences/{custom_audience_id}` now and then every
 * `intervalMs` until `until(audience)` holds, and resolves with that audience. Past `deadlineMs` it
 * throws {@link XAdsDeadlineError} (its `body` the last audience read); `signal` rejects with its reason,
 * also while sleeping; an error answer is the client's {@link XAdsApiError}, after its retries (5xx and
 * 429 are retried for GET).
 */
export async function waitForAudience(
  adsClient: AudienceReadingClient,
  options: WaitForAudienceOptions,
): Promise<CustomAudience> {
  const { accountId, customAudienceId, signal } = options;
  for (const [name, value] of [
    ["accountId", accountId],
    ["customAudienceId", customAudienceId],
  ] as const) {
    if (typeof value !== "string" || value === "") {
      throw new TypeError(`waitForAudience: ${name} must be a non-empty string (got ${JSON.stringify(value)})`);
    }
  }
  const intervalMs = checkMs(options.intervalMs ?? AUDIENCE_INTERVAL_MS, "intervalMs", "waitForAudience", 1);
  const deadlineMs = checkMs(options.deadlineMs ?? AUDIENCE_DEADLINE_MS, "deadlineMs", "waitForAudience");
  const until = options.until ?? isTargetable;
  const get = adsClient.GET as unknown as Send;
  const path = `/12/accounts/${encodeURIComponent(accountId)}/custom_audiences/${encodeURIComponent(customAudienceId)}`;
  const init = {
    params: { path: { account_id: accountId, custom_audience_id: customAudienceId } },
    ...(signal ? { signal } : {}),
  };

  return poll<CustomAudience>({
    read: async () => {
      const body = checkAnswer(await get(AUDIENCE_PATH, init), "GET", path);
      const audience = body.data;
      if (typeof audience !== "object" || audience === null) {
        throw new XAdsApiError({
          status: 200,
          method: "GET",
          path,
          body,
          message: `GET ${path}: the answer has no audience under data`,
        });
      }
      return audience as CustomAudience;
    },
    done: until,
    delayMs: () => intervalMs,
    atDeadline: "clamp",
    minCostMs: intervalMs,
    deadlineMs,
    expired: (audience, elapsedMs) =>
      new XAdsDeadlineError({
        status: 200,
        method: "GET",
        path,
        body: audience,
        deadlineMs,
        elapsedMs,
        message:
          `custom audience ${customAudienceId}: the wait condition still fails after deadlineMs (${deadlineMs} ms)` +
          ` (targetable ${audience.targetable}, reasons_not_targetable ${JSON.stringify(audience.reasons_not_targetable ?? [])})`,
      }),
    onWait: options.onPoll,
    signal,
    now: options.now,
    sleep: options.sleep,
  });
}
