import { hasRateLimit, parseRateLimit, type RateLimitState } from "../rate-limit.js";
import type { Layer } from "./compose.js";

/** A layer that keeps the rate-limit state of the latest response that carried one; see {@link latestRateLimit}. */
export interface LatestRateLimit {
  readonly layer: Layer;
  /** The state of the latest response that carried rate-limit headers. */
  readonly state: RateLimitState | undefined;
}

/**
 * Keeps the rate-limit state of the latest response that carries one. Without `onState` it is parsed
 * when `state` is read: a response costs one header lookup instead of six and a parse. With `onState`,
 * each response's state is parsed and handed to it.
 */
export function latestRateLimit(onState?: (state: RateLimitState, response: Response) => void): LatestRateLimit {
  let parsed: RateLimitState | undefined;
  let unparsed: Headers | undefined;
  return {
    layer: (next) => (url, init) =>
      next(url, init).then((response) => {
        if (onState === undefined) {
          if (hasRateLimit(response.headers)) unparsed = response.headers;
          return response;
        }
        const state = parseRateLimit(response.headers);
        if (state) {
          parsed = state;
          unparsed = undefined;
          onState(state, response);
        }
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

/** Calls `onState` with the rate-limit state of every response that carries one (`parseRateLimit`). */
export const rateLimitLayer = (onState: (state: RateLimitState, response: Response) => void): Layer =>
  latestRateLimit(onState).layer;
