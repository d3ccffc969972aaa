import { parseRateLimit, parseRetryAfter } from "../rate-limit.js";
import { type Sleep, timerSleep } from "../sleep.js";
import { isFinalError, type Layer } from "./compose.js";

/** Retry policy. Delays are full-jitter exponential backoff, except where the API names the wait. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First backoff ceiling in ms (default 500); it doubles per attempt. */
  baseDelayMs?: number;
  /** Ceiling of one backoff delay in ms (default 30 000). */
  maxDelayMs?: number;
  /** The longest wait the client accepts for a 429 reset or a 503 `retry-after`, in ms (default 900 000); a longer one answers at once. */
  maxWaitMs?: number;
  /** Methods that are retried (default the idempotent ones: GET, HEAD, OPTIONS, PUT, DELETE). */
  methods?: readonly string[];
}

/** A {@link RetryOptions} with every default filled in (`false` is no retries). */
export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxWaitMs: number;
  /** Upper-case. */
  methods: readonly string[];
}

/** How one attempt ended: a response's status (and headers), or no status for a network error or timeout. */
export interface AttemptOutcome {
  method: string;
  /** 1 for the first attempt. */
  attempt: number;
  status?: number | undefined;
  headers?: Headers | undefined;
}

const IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  const retry = options === false ? { retries: 0 } : (options ?? {});
  return {
    retries: retry.retries ?? 3,
    baseDelayMs: retry.baseDelayMs ?? 500,
    maxDelayMs: retry.maxDelayMs ?? 30_000,
    maxWaitMs: retry.maxWaitMs ?? 900_000,
    methods: (retry.methods ?? IDEMPOTENT).map((m) => m.toUpperCase()),
  };
}

/**
 * Whether another attempt follows (pure): while retries are left, for the policy's methods only (POST
 * is not among the defaults), after a network error or timeout (no status), a 429 or a 5xx.
 */
export function shouldRetry(outcome: AttemptOutcome, policy: RetryPolicy): boolean {
  if (outcome.attempt > policy.retries || !policy.methods.includes(outcome.method.toUpperCase())) return false;
  const status = outcome.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * The wait in ms before the attempt after `outcome` (pure; `now` in ms, `random` in [0, 1)): a 429 waits
 * until the rate-limit reset, a 503 for its `retry-after` (each plus up to a tenth of the base delay),
 * anything else full-jitter exponential backoff. Undefined when a named wait exceeds `maxWaitMs`: the
 * answer is returned at once.
 */
export function getRetryDelayMs(
  outcome: AttemptOutcome,
  policy: RetryPolicy,
  now: number,
  random: number,
): number | undefined {
  const backoff = (n: number) => Math.floor(random * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n));
  const { status, headers } = outcome;
  let wait: number | undefined;
  if (status === 429 && headers) {
    const state = parseRateLimit(headers);
    wait = state && Number.isFinite(state.reset) ? Math.max(0, state.reset * 1000 - now) : undefined;
  } else if (status === 503 && headers) {
    wait = parseRetryAfter(headers.get("retry-after"), now);
  }
  if (wait === undefined) return backoff(outcome.attempt - 1);
  return wait > policy.maxWaitMs ? undefined : wait + backoff(0) / 10;
}

export interface RetryLayerOptions {
  /** Clock in ms (default `Date.now`), for the 429 wait. */
  now?: (() => number) | undefined;
  /** Randomness for jitter, in [0, 1) (default `Math.random`). */
  random?: (() => number) | undefined;
  /** How to wait (default a timer). */
  sleep?: Sleep | undefined;
}

/**
 * Sends again what {@link shouldRetry} allows, after {@link getRetryDelayMs}: the layers below it run
 * again for each attempt (a fresh signature, a fresh timeout). The caller's AbortSignal stops it at
 * once; an error marked with `finalError` is never retried.
 */
export function retryLayer(options: RetryOptions | false = {}, layerOptions: RetryLayerOptions = {}): Layer {
  const policy = retryPolicy(options);
  const now = layerOptions.now ?? Date.now;
  const random = layerOptions.random ?? Math.random;
  const sleep = layerOptions.sleep ?? timerSleep;
  return (next) => (url, init) => {
    const method = init.method ?? "GET";
    const signal = init.signal ?? undefined;
    const again = (attempt: number, delay: number) => sleep(delay, signal).then(() => send(attempt + 1));
    // Promise callbacks rather than an async loop: the first attempt, nearly always the only one,
    // then costs one reaction instead of an async function's several.
    const send = (attempt: number): Promise<Response> => {
      if (signal?.aborted) return Promise.reject(signal.reason);
      let pending: Promise<Response>;
      try {
        pending = next(url, init);
      } catch (error) {
        pending = Promise.reject(error);
      }
      return pending.then(
        (response) => {
          const status = response.status;
          if (response.ok || !shouldRetry({ method, attempt, status }, policy)) return response;
          const outcome = { method, attempt, status, headers: response.headers };
          const delay = getRetryDelayMs(outcome, policy, now(), random());
          if (delay === undefined) return response;
          return Promise.resolve(response.body?.cancel()).then(() => again(attempt, delay));
        },
        (error: unknown) => {
          if (signal?.aborted) throw signal.reason ?? error;
          if (isFinalError(error) || !shouldRetry({ method, attempt }, policy)) throw error;
          // Without a status the delay is always a backoff, never undefined.
          return again(attempt, getRetryDelayMs({ method, attempt }, policy, now(), random()) ?? 0);
        },
      );
    };
    return send(1);
  };
}
