/** One rate-limit window, as the API reports it. */
export interface RateLimitWindow {
  limit: number;
  remaining: number;
  /** When the window resets, in Unix epoch seconds. */
  reset: number;
}

/** The rate-limit state of a response: the governing window first, then both levels as sent. */
export interface RateLimitState extends RateLimitWindow {
  /** Which level governs: the account level when its headers are present (GET only), else the user level. */
  scope: "account" | "user";
  user?: RateLimitWindow;
  account?: RateLimitWindow;
}

/** The header names of one level's window. */
const headerNames = (prefix: string) => ({
  limit: `${prefix}-limit`,
  remaining: `${prefix}-remaining`,
  reset: `${prefix}-reset`,
});
const USER = headerNames("x-rate-limit");
const ACCOUNT = headerNames("x-account-rate-limit");
/** Every rate-limit header, the one nearly every answer carries first. */
const ALL_NAMES = [USER, ACCOUNT].flatMap((names) => [names.limit, names.remaining, names.reset]);

function readWindow(headers: Headers, names: typeof USER): RateLimitWindow | undefined {
  const limit = headers.get(names.limit);
  const remaining = headers.get(names.remaining);
  const reset = headers.get(names.reset);
  if (limit === null && remaining === null && reset === null) return undefined;
  return {
    limit: Number(limit ?? Number.NaN),
    remaining: Number(remaining ?? Number.NaN),
    reset: Number(reset ?? Number.NaN),
  };
}

/** Parses the user-level and account-level rate-limit headers; undefined when neither is present. */
export function parseRateLimit(headers: Headers): RateLimitState | undefined {
  const user = readWindow(headers, USER);
  const account = readWindow(headers, ACCOUNT);
  const governing = account ?? user;
  if (!governing) return undefined;
  const state: RateLimitState = { ...governing, scope: account ? "account" : "user" };
  if (user) state.user = user;
  if (account) state.account = account;
  return state;
}

/**
 * Whether {@link parseRateLimit} finds a state in these headers, at the cost of one lookup when the
 * usual header is there.
 */
export function hasRateLimit(headers: Headers): boolean {
  for (const name of ALL_NAMES) if (headers.has(name)) return true;
  return false;
}

/** Milliseconds a `retry-after` header asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
