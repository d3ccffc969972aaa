// What the wait helpers (waitForMedia, waitForAudience, and uploadMedia's STATUS polling) share: the
// answer check, the deadline error and the bounded polling loop.
import { apiErrorFrom, XAdsApiError, type XAdsApiErrorInit } from "./errors.js";
import { parseRateLimit } from "./rate-limit.js";
import { type Sleep, timerSleep } from "./sleep.js";

export type { Sleep } from "./sleep.js";

/** Timing options of every wait helper. */
export interface WaitTimingOptions {
  /** Cancels the wait: the helper rejects promptly with `signal.reason`, also while sleeping. */
  signal?: AbortSignal;
  /** Longest time to wait, in ms; the helper throws {@link XAdsDeadlineError} instead of waiting longer. */
  deadlineMs?: number;
  /** Clock in ms (default `Date.now`), as the clients' `now` option. */
  now?: () => number;
  /** How to wait between two requests (default: a `setTimeout`). */
  sleep?: Sleep;
}

/**
 * Thrown when a wait helper's deadline comes before what it waits for: an {@link XAdsApiError} (status
 * 200: the last answer was successful) whose `body` is the last state read and whose message names
 * the limit (`deadlineMs`, or `maxProcessingMs` for uploadMedia).
 */
export class XAdsDeadlineError extends XAdsApiError {
  /** The limit that was reached, in ms. */
  readonly deadlineMs: number;
  /** Time spent waiting when the helper gave up, in ms. */
  readonly elapsedMs: number;

  constructor(init: XAdsApiErrorInit & { deadlineMs: number; elapsedMs: number }) {
    super(init);
    this.deadlineMs = init.deadlineMs;
    this.elapsedMs = init.elapsedMs;
  }
}

/** An openapi-fetch answer, as the helpers read it. */
export type Answer = { data?: unknown; error?: unknown; response: Response };

/** A client method called with a path that is checked at run time. */
export type Send = (path: string, init: unknown) => Promise<Answer>;

/** The answer's body as a record; an error answer throws {@link XAdsApiError}. */
export function checkAnswer(answer: Answer, method: string, path: string): Record<string, unknown> {
  const { data, error, response } = answer;
  if (!response.ok || error !== undefined) {
    if (error instanceof XAdsApiError) throw error;
    throw apiErrorFrom(response, method, error, parseRateLimit(response.headers), response.url || path);
  }
  return (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
}

/** `sleep(ms, signal)`, rejected at once when the signal aborts, whether or not `sleep` watches it. */
export function pause(ms: number, signal: AbortSignal | undefined, sleep: Sleep): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    sleep(ms, signal).then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A finite, non-negative number of ms, or a RangeError naming the option. */
export function checkMs(value: number, name: string, where: string, least = 0): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < least) {
    throw new RangeError(`${where}: ${name} must be a finite number of ms, at least ${least} (got ${String(value)})`);
  }
  return value;
}

export interface PollPlan<T> {
  /** The state already known (uploadMedia: FINALIZE's answer); without it the loop reads first. */
  first?: T;
  read: () => Promise<T>;
  /** True once the wait is over; throws when what is awaited failed. */
  done: (value: T) => boolean;
  /** How long to wait before the next read, in ms. */
  delayMs: (value: T) => number;
  /**
   * "clamp": the last wait is shortened to end at the deadline, where one last read happens
   * (a client-chosen interval). "early": a wait that would end past the deadline is not started
   * (a host-given `check_after_secs`).
   */
  atDeadline: "clamp" | "early";
  /** The least one wait counts against the deadline (> 0), so that the loop ends even on a clock that stands still. */
  minCostMs: number;
  deadlineMs: number;
  expired: (value: T, elapsedMs: number) => Error;
  /** Called with each state that is not final (before the deadline check and the wait). */
  onWait?: ((value: T) => void) | undefined;
  signal?: AbortSignal | undefined;
  now?: (() => number) | undefined;
  sleep?: Sleep | undefined;
}

/**
 * Reads until `done`, waiting `delayMs` between reads. Bounded: the time spent is the larger of the
 * clock's elapsed time and the waits made (each at least `minCostMs`), and passing `deadlineMs` throws
 * `expired`, so there are at most `deadlineMs / minCostMs + 1` reads whatever the clock does.
 */
export async function poll<T>(plan: PollPlan<T>): Promise<T> {
  const { signal, deadlineMs, minCostMs } = plan;
  const now = plan.now ?? Date.now;
  const sleep = plan.sleep ?? timerSleep;
  const start = now();
  let spent = 0;
  if (signal?.aborted) throw signal.reason;
  let value = plan.first !== undefined ? plan.first : await plan.read();
  for (;;) {
    if (plan.done(value)) return value;
    const elapsed = Math.max(now() - start, spent);
    const delay = Math.max(0, plan.delayMs(value));
    const wait = plan.atDeadline === "clamp" ? Math.min(delay, Math.max(0, deadlineMs - elapsed)) : delay;
    plan.onWait?.(value);
    if (elapsed >= deadlineMs || elapsed + wait > deadlineMs) throw plan.expired(value, elapsed);
    await pause(wait, signal, sleep);
    spent = elapsed + Math.max(wait, minCostMs);
    if (signal?.aborted) throw signal.reason;
    value = await plan.read();
  }
}
