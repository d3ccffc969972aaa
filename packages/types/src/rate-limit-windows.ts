// Which documented rate-limit window a request counts against: one rule for the client's scheduler and
// the emulator's limiter. An operation lists its candidate windows in order (`rateLimitOperations` of
// ./facts); the first whose `query` the request carries, value for value as sent, governs it.

/** One candidate window of an operation: it governs when the request's query has every `query` pair. */
export interface WindowCandidate {
  readonly window: string;
  readonly query?: Readonly<Record<string, string>>;
}

/**
 * The name of the window that governs a request, or undefined when no candidate fits (an operation
 * without documented windows). `queryValue` answers a query parameter's value as sent.
 */
export function chooseWindow(
  candidates: readonly WindowCandidate[],
  queryValue: (name: string) => string | null | undefined,
): string | undefined {
  for (const candidate of candidates) {
    let fits = true;
    for (const name in candidate.query) {
      if (queryValue(name) !== candidate.query[name]) {
        fits = false;
        break;
      }
    }
    if (fits) return candidate.window;
  }
  return undefined;
}
