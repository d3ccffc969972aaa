import { hasRateLimit, parseRateLimit, type RateLimitState } from "../rate-limit.js";
import type { Layer } from "./compose.js";

/** Calls `onState` with the rate-limit state of every response that carries one (`parseRateLimit`). */
export function rateLimitLayer(onState: (state: RateLimitState, response: Response) => void): Layer {
  return (next) => (url, init) =>
    next(url, init).then((response) => {
      const state = parseRateLimit(response.headers);
      if (state) onState(state, response);
      return response;
    });
}

/** A layer that keeps the rate-limit state of the latest response that carried one; see {@link latestRateLimit}. */
export interface LatestRateLimit {
  readonly layer: Layer;
  /** The state of the latest response that carried rate-limit headers. */
  readonly state: RateLimitState | undefined;
}

/**
 * Keeps the rate-limit state of the latest response that carries one, parsed when `state` is read:
 * a client whose state nobody reads pays one header lookup per response instead of six and a parse.
 */
export function latestRateLimit(): LatestRateLimit {
  let parsed: RateLimitState | undefined;
  let unparsed: Headers | undefined;
  return {
    layer: (next) => (url, init) =>
      next(url, init).then((response) => {
        if (hasRateLimit(response.headers)) unparsed = response.headers;
        return response;
      }),
    get state() {
      if (unparsed !== undefined) {
        parsed = parseRateLimit(unparsed);
        unparsed = undefined;
      }
      return parsed;
    },
  };
}
