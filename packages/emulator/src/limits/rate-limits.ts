// Rate limits on the emulator's clock: the spec's windows (x-xads-rate-limits, read from
// @xads/types/facts; facts file, "Rate limits"), fixed windows per caller and endpoint whose
// x-rate-limit-* headers count down and reset; account-level windows (GET with an account id) govern
// where the operation declares the x-account-rate-limit-* headers. A spent window answers 429
// TOO_MANY_REQUESTS until its reset. Which window governs a request is @xads/types's one rule.
import { rateLimitOperations, rateLimitWindows } from "@xads/types/facts";
import { chooseWindow, type WindowCandidate } from "@xads/types/rate-limit-windows";
import type { OperationSpec } from "../spec-types.js";

export interface Window {
  name: string;
  limit: number;
  ms: number;
  /** `operation`: counted per operation; `window`: every operation it governs together. */
  scope: "operation" | "window";
}

/** The spec's windows, by name. */
export const WINDOWS: Readonly<Record<string, Window>> = Object.fromEntries(
  Object.entries(rateLimitWindows).map(([name, { limit, seconds, scope }]) => [
    name,
    { name, limit, ms: seconds * 1000, scope },
  ]),
);

/** Each operation's candidate windows, by operation id. */
const CANDIDATES: ReadonlyMap<string, readonly WindowCandidate[]> = new Map(
  Object.values(rateLimitOperations).map(({ operationId, windows }) => [operationId, windows]),
);

/** The auth and upload hosts' figures are not published: the emulator's own choice. */
export const UNPUBLISHED: Window = { name: "unpublished", limit: 450, ms: 15 * 60_000, scope: "operation" };

/** The window of a request: the first of its operation's candidates whose query it carries. */
export function windowOf(operation: OperationSpec, query: Record<string, unknown>): Window {
  const name = chooseWindow(CANDIDATES.get(operation.id) ?? [], (parameter) =>
    query[parameter] === undefined ? undefined : String(query[parameter]),
  );
  return (name !== undefined ? WINDOWS[name] : undefined) ?? UNPUBLISHED;
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
    const window = windowOf(operation, query);
    const scope = window.scope === "window" ? `window ${window.name}` : operation.id;
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
