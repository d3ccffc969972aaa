import { parseRateLimit, type RateLimitState } from "../rate-limit.js";
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
