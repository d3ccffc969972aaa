// Rate limits on the emulator's clock (facts file, "Rate limits"): fixed windows per caller and
// endpoint whose x-rate-limit-* headers count down and reset; account-level windows (GET with an
// account id) govern where the operation declares the x-account-rate-limit-* headers. A spent window
// answers 429 TOO_MANY_REQUESTS until its reset.
import type { OperationSpec } from "../spec-types.js";

export interface Window {
  limit: number;
  ms: number;
}

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

export const WINDOWS = {
  write: { limit: 450, ms: MINUTE },
  accountRead: { limit: 10_000, ms: QUARTER },
  readWithoutAccount: { limit: 5, ms: QUARTER },
  totalCount: { limit: 200, ms: QUARTER },
  audienceUserBatch: { limit: 1_500, ms: MINUTE },
  keywordInsights: { limit: 500, ms: QUARTER },
  /** The auth and upload hosts' figures are not published: the emulator's own choice. */
  unpublished: { limit: 450, ms: QUARTER },
} satisfies Record<string, Window>;

/** The user-level window of an operation (and whether it is the account-level one as well). */
export function windowOf(
  operation: OperationSpec,
  query: Record<string, unknown>,
  accountId: string | undefined,
): Window {
  if (operation.document !== "ads" && operation.document !== "tailored-audiences") return WINDOWS.unpublished;
  if (operation.id === "batchCustomAudienceUsers") return WINDOWS.audienceUserBatch;
  if (operation.id === "searchKeywordInsights") return WINDOWS.keywordInsights;
  if (operation.method !== "GET") return WINDOWS.write;
  if (query.with_total_count === true || query.with_total_count === "true") return WINDOWS.totalCount;
  return accountId ? WINDOWS.accountRead : WINDOWS.readWithoutAccount;
}

interface Bucket {
  limit: number;
  remaining: number;
  resetAt: number;
}

export interface Charge {
  allowed: boolean;
  headers: Record<string, string>;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  private take(key: string, window: Window, now: number): Bucket & { allowed: boolean } {
    let bucket = this.buckets.get(key);
    if (!bucket || now >= bucket.resetAt) {
      bucket = { limit: window.limit, remaining: window.limit, resetAt: now + window.ms };
      this.buckets.set(key, bucket);
    }
    const allowed = bucket.remaining > 0;
    if (allowed) bucket.remaining--;
    return { ...bucket, allowed };
  }

  /** Counts one request against the caller's window (and the account's), and gives the headers. */
  charge(
    operation: OperationSpec,
    caller: string,
    accountId: string | undefined,
    query: Record<string, unknown>,
    now: number,
  ): Charge {
    const window = windowOf(operation, query, accountId);
    const scope = window === WINDOWS.totalCount ? "total-count" : operation.id;
    const user = this.take(`user\n${caller}\n${scope}`, window, now);
    const headers: Record<string, string> = {
      "x-rate-limit-limit": String(user.limit),
      "x-rate-limit-remaining": String(user.remaining),
      "x-rate-limit-reset": String(Math.ceil(user.resetAt / 1000)),
    };
    const accountLevel = accountId !== undefined && operation.headers.includes("x-account-rate-limit-limit");
    if (!accountLevel) return { allowed: user.allowed, headers };
    const account = this.take(`account\n${accountId}\n${scope}`, window, now);
    headers["x-account-rate-limit-limit"] = String(account.limit);
    headers["x-account-rate-limit-remaining"] = String(account.remaining);
    headers["x-account-rate-limit-reset"] = String(Math.ceil(account.resetAt / 1000));
    // The account-level window governs when it is present.
    return { allowed: account.allowed, headers };
  }

  clear() {
    this.buckets.clear();
  }
}
