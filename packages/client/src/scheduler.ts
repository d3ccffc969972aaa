// A rate-limit aware scheduler: it knows the documented windows (the spec's x-xads-rate-limits, through
// @xads/types/facts), counts what it sends per caller, window and account, corrects its counts from the
// x-rate-limit-* headers of each response, and holds a request back until its window has room, so
// that it never sends one it expects to be refused with 429.
import { rateLimitOperations, rateLimitWindows } from "@xads/types/facts";
import { chooseWindow } from "@xads/types/rate-limit-windows";
import { templateMatcher } from "@xads/types/templates";
import { headersOf } from "./layers/compose.js";
import { parseRateLimit } from "./rate-limit.js";
import { type Sleep, timerSleep } from "./sleep.js";

/** What the scheduler wraps: a fetch of a URL string and an init (the client's `fetch` or a layer's `next`). */
export type SchedulerFetch = (url: string, init: RequestInit) => Promise<Response>;

/** One window: `limit` requests per `seconds`; `scope: "window"` counts every operation it governs together. */
export interface SchedulerWindow {
  readonly limit: number;
  readonly seconds: number;
  readonly scope: "operation" | "window";
}

/** The windows that can govern one operation, in order (the first whose `query` the request carries). */
export interface SchedulerOperation {
  readonly operationId: string;
  readonly windows: readonly { readonly window: string; readonly query?: Readonly<Record<string, string>> }[];
  readonly accountLevel: boolean;
}

export interface RateLimitSchedulerOptions {
  /** The windows by name (default: the documented ones, `rateLimitWindows` of `@xads/types/facts`). */
  windows?: Readonly<Record<string, SchedulerWindow>>;
  /** The operations by `METHOD path template` (default: `rateLimitOperations` of `@xads/types/facts`). */
  operations?: Readonly<Record<string, SchedulerOperation>>;
  /** Clock in ms (default `Date.now`): the API's resets are on it. */
  now?: () => number;
  /** How the scheduler waits for a reset (default a timer); pass a virtual one in tests. */
  sleep?: Sleep;
  /** Requests sent and not yet answered, at most (default 32); the others wait in the queue. */
  maxInFlight?: number;
  /**
   * Requests waiting, at most (default 10 000). One more is refused at once with
   * {@link XAdsQueueFullError}: the queue never grows without bound.
   */
  maxQueued?: number;
  /**
   * Whose windows a request counts against (the user-level windows are per authenticating user). The
   * default is the `oauth_token` of its Authorization header when it is signed already, else one
   * caller for all: use one scheduler per user, or say here how to tell them apart.
   */
  caller?: (url: string, init: RequestInit) => string;
  /** How often a request answered 429 anyway (traffic the scheduler did not see) is queued again (default 2). */
  requeueOn429?: number;
}

/** The scheduler's counters. */
export interface SchedulerStats {
  /** Requests the scheduler has been given (a request queued again after a 429 counts once). */
  received: number;
  /** Requests that went out without waiting for a window, and those that waited. */
  sent: number;
  delayed: number;
  /** Requests that passed through unclassified (no documented window). */
  passedThrough: number;
  queued: number;
  inFlight: number;
  /** The longest the queue has been. */
  maxQueued: number;
  /** 429 answers seen, and requests queued again after one. */
  tooManyRequests: number;
  requeued: number;
  /** Windows tracked (per caller or account, and operation); idle ones are dropped as the map grows past 1,024. */
  buckets: number;
}

/** How the scheduler reads a request. */
export interface RequestClass {
  operationId: string;
  window: string;
  /** Its counting key: caller (or account), then operation or window. */
  bucket: string;
  accountId: string | undefined;
}

export interface RateLimitScheduler {
  /** The layer: give it the next fetch, get the scheduling one (`layers: [scheduler.layer]`, or `fetch: scheduler.layer(fetch)`). */
  readonly layer: (next: SchedulerFetch) => SchedulerFetch;
  /** Which window a request counts against; undefined when none is documented (it passes through). */
  classify(method: string, url: string, init?: RequestInit): RequestClass | undefined;
  stats(): SchedulerStats;
}

/** Thrown (rejected) when a request finds the scheduler's queue full. */
export class XAdsQueueFullError extends Error {
  override readonly name = "XAdsQueueFullError";
  constructor(readonly maxQueued: number) {
    super(`rate-limit scheduler: maxQueued is ${maxQueued} and that many requests are waiting; this one is refused`);
  }
}

interface Entry {
  url: string;
  init: RequestInit;
  next: SchedulerFetch;
  resolve: (response: Response) => void;
  reject: (reason: unknown) => void;
  cancelled: boolean;
  waited: boolean;
  requeues: number;
  release?: () => void;
}

interface Bucket {
  limit: number;
  ms: number;
  /** When the current window resets; undefined before its first request. */
  resetAt: number | undefined;
  /** Sent in the current window by this scheduler. */
  sent: number;
  /** Counted by the API beyond what this scheduler sent (other clients), as the headers prove. */
  external: number;
  inFlight: number;
  queue: Entry[];
  head: number;
}

const defaultCaller = (_url: string, init: RequestInit) =>
  /oauth_token="([^"]*)"/.exec(headersOf(init).get("authorization") ?? "")?.[1] ?? "";

/** A whole number of at least `min`, or a RangeError naming the option and the rule. */
function countOption(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`createRateLimitScheduler: ${name} must be a whole number of at least ${min} (got ${value})`);
  }
  return value;
}

/** Tracked windows past which idle ones (nothing waiting or in flight, their window over) are dropped. */
const IDLE_BUCKETS_KEPT = 1024;

/**
 * A scheduler for many accounts under the documented rate limits: wrap the client's fetch with its
 * `layer` and every request waits, in a bounded queue, until its window has room. An aborted signal
 * takes a waiting request out of the queue (rejecting with the signal's reason).
 */
export function createRateLimitScheduler(options: RateLimitSchedulerOptions = {}): RateLimitScheduler {
  const windows: Readonly<Record<string, SchedulerWindow>> = options.windows ?? rateLimitWindows;
  const operations: Readonly<Record<string, SchedulerOperation>> = options.operations ?? rateLimitOperations;
  const operationOf = templateMatcher(Object.entries(operations));
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? timerSleep;
  const maxInFlight = countOption("maxInFlight", options.maxInFlight, 32, 1);
  const maxQueued = countOption("maxQueued", options.maxQueued, 10_000, 0);
  const callerOf = options.caller ?? defaultCaller;
  const requeueOn429 = countOption("requeueOn429", options.requeueOn429, 2, 0);

  const buckets = new Map<string, Bucket>();
  let sweepAt = IDLE_BUCKETS_KEPT;
  /** Buckets with requests waiting, in the order they began to wait. */
  const waiting = new Set<Bucket>();
  const counters: Omit<SchedulerStats, "buckets"> = {
    received: 0,
    sent: 0,
    delayed: 0,
    passedThrough: 0,
    queued: 0,
    inFlight: 0,
    maxQueued: 0,
    tooManyRequests: 0,
    requeued: 0,
  };
  let timer: { at: number; controller: AbortController } | undefined;

  function classify(method: string, url: string, init: RequestInit = {}): RequestClass | undefined {
    const parsed = new URL(url, "http://localhost");
    const found = operationOf.find(method, parsed.pathname);
    if (!found) return undefined;
    const { value: operation, params } = found;
    const chosen = chooseWindow(operation.windows, (name) => parsed.searchParams.get(name));
    const window = chosen === undefined ? undefined : windows[chosen];
    if (chosen === undefined || !window) return undefined;
    const accountId = params.account_id;
    const scope = window.scope === "window" ? `window ${chosen}` : operation.operationId;
    // The account-level window governs where the operation declares it (GET with an account id).
    const bucket =
      operation.accountLevel && accountId !== undefined
        ? `account\n${accountId}\n${scope}`
        : `user\n${callerOf(url, init)}\n${scope}`;
    return { operationId: operation.operationId, window: chosen, bucket, accountId };
  }

  function bucketOf(found: RequestClass): Bucket {
    let bucket = buckets.get(found.bucket);
    if (!bucket) {
      const window = windows[found.window] as SchedulerWindow;
      bucket = {
        limit: window.limit,
        ms: window.seconds * 1000,
        resetAt: undefined,
        sent: 0,
        external: 0,
        inFlight: 0,
        queue: [],
        head: 0,
      };
      if (buckets.size >= sweepAt) {
        dropIdleBuckets(now());
        // The next sweep waits until the map has doubled: sweeping stays linear overall.
        sweepAt = Math.max(IDLE_BUCKETS_KEPT, buckets.size * 2);
      }
      buckets.set(found.bucket, bucket);
    }
    return bucket;
  }

  /** Forgets windows that are over and hold nothing, so that many accounts over time do not grow the map. */
  function dropIdleBuckets(at: number) {
    for (const [key, bucket] of buckets) {
      const over = bucket.resetAt === undefined || at >= bucket.resetAt;
      if (over && bucket.inFlight === 0 && bucket.head >= bucket.queue.length) buckets.delete(key);
    }
  }

  /** A window that has reset starts afresh at its next request, as the API's do. */
  const roll = (bucket: Bucket, at: number) => {
    if (bucket.resetAt !== undefined && at >= bucket.resetAt) {
      bucket.resetAt = undefined;
      bucket.sent = 0;
      bucket.external = 0;
    }
  };
  const hasRoom = (bucket: Bucket) => bucket.sent + bucket.external < bucket.limit;

  /** Corrects a bucket from the governing rate-limit headers of a response. */
  function correct(bucket: Bucket, response: Response) {
    const state = parseRateLimit(response.headers);
    if (!state || !Number.isFinite(state.remaining) || !Number.isFinite(state.reset)) return;
    const at = now();
    const resetAt = state.reset * 1000;
    if (resetAt <= at) return;
    const limit = Number.isFinite(state.limit) && state.limit > 0 ? state.limit : bucket.limit;
    const used = limit - state.remaining;
    if (bucket.resetAt !== undefined && Math.abs(resetAt - bucket.resetAt) <= 2000) {
      // The same window. The reset is given in whole seconds: wait for the later reading.
      bucket.resetAt = Math.max(bucket.resetAt, resetAt);
      bucket.limit = limit;
      // The API counted `used`, of which at most `sent` are this scheduler's.
      bucket.external = Math.max(bucket.external, used - bucket.sent);
    } else {
      // Another window than the one counted here: take the API's, counting what is still in flight.
      bucket.resetAt = resetAt;
      bucket.limit = limit;
      bucket.sent = bucket.inFlight;
      bucket.external = used;
    }
  }

  function settle(bucket: Bucket, entry: Entry, response: Response) {
    counters.inFlight--;
    bucket.inFlight--;
    correct(bucket, response);
    if (response.status === 429) {
      counters.tooManyRequests++;
      // Refused, so not processed: it may go again once the window has room.
      bucket.external = Math.max(bucket.external, bucket.limit - bucket.sent);
      if (entry.requeues < requeueOn429 && !entry.init.signal?.aborted) {
        entry.requeues++;
        counters.requeued++;
        void response.body?.cancel().catch(() => {});
        enqueue(bucket, entry);
        return;
      }
    }
    entry.release?.();
    entry.resolve(response);
  }

  function dispatch(bucket: Bucket, entry: Entry, at: number) {
    if (bucket.resetAt === undefined) bucket.resetAt = at + bucket.ms;
    bucket.sent++;
    bucket.inFlight++;
    counters.inFlight++;
    counters.sent++;
    if (entry.waited) counters.delayed++;
    entry.next(entry.url, entry.init).then(
      (response) => {
        settle(bucket, entry, response);
        pump();
      },
      (error) => {
        counters.inFlight--;
        bucket.inFlight--;
        entry.release?.();
        entry.reject(error);
        pump();
      },
    );
  }

  function enqueue(bucket: Bucket, entry: Entry) {
    entry.waited = true;
    bucket.queue.push(entry);
    counters.queued++;
    counters.maxQueued = Math.max(counters.maxQueued, counters.queued);
    waiting.add(bucket);
  }

  /** Sends what has room, then sleeps until the earliest reset of a window something waits for. */
  function pump() {
    const at = now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const bucket of waiting) {
      roll(bucket, at);
      while (bucket.head < bucket.queue.length) {
        const entry = bucket.queue[bucket.head] as Entry;
        if (entry.cancelled) {
          bucket.head++;
          continue;
        }
        if (!hasRoom(bucket)) {
          earliest = Math.min(earliest, bucket.resetAt ?? at);
          break;
        }
        if (counters.inFlight >= maxInFlight) return;
        bucket.head++;
        counters.queued--;
        dispatch(bucket, entry, at);
      }
      if (bucket.head >= bucket.queue.length) {
        bucket.queue = [];
        bucket.head = 0;
        waiting.delete(bucket);
      } else if (bucket.head > 1024) {
        bucket.queue = bucket.queue.slice(bucket.head);
        bucket.head = 0;
      }
    }
    if (earliest < Number.POSITIVE_INFINITY) arm(earliest);
  }

  function arm(at: number) {
    if (timer && timer.at <= at) return;
    timer?.controller.abort();
    const controller = new AbortController();
    timer = { at, controller };
    const wake = () => {
      if (timer?.controller !== controller) return;
      timer = undefined;
      pump();
    };
    sleep(Math.max(0, at - now()), controller.signal).then(wake, wake);
  }

  const layer =
    (next: SchedulerFetch): SchedulerFetch =>
    (url, init) => {
      const found = classify(init.method ?? "GET", url, init);
      if (!found) {
        counters.passedThrough++;
        return next(url, init);
      }
      counters.received++;
      const signal = init.signal;
      if (signal?.aborted) return Promise.reject(signal.reason);
      const bucket = bucketOf(found);
      return new Promise<Response>((resolve, reject) => {
        const entry: Entry = { url, init, next, resolve, reject, cancelled: false, waited: false, requeues: 0 };
        const at = now();
        roll(bucket, at);
        if (!waiting.has(bucket) && hasRoom(bucket) && counters.inFlight < maxInFlight) {
          dispatch(bucket, entry, at);
          return;
        }
        if (counters.queued >= maxQueued) {
          reject(new XAdsQueueFullError(maxQueued));
          return;
        }
        if (signal) {
          const onAbort = () => {
            // Only a request still waiting is taken out; one in flight is the fetch's to abort.
            if (entry.cancelled || bucket.queue.indexOf(entry, bucket.head) < 0) return;
            entry.cancelled = true;
            counters.queued--;
            reject(signal.reason);
          };
          signal.addEventListener("abort", onAbort, { once: true });
          entry.release = () => signal.removeEventListener("abort", onAbort);
        }
        enqueue(bucket, entry);
        pump();
      });
    };

  return { layer, classify, stats: () => ({ ...counters, buckets: buckets.size }) };
}
