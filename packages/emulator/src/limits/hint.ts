// What a spent window of the emulator's own rate limits tells the developer: how to start over. A
// served emulator on real time keeps its windows across a developer's runs, so the sixth run in 15
// minutes meets a 429 that the real host would answer too, but that a sandbox should explain.
import type { ApiError } from "../http/errors.js";

/** The header a loopback caller gets with the hint. */
export const HINT_HEADER = "x-xads-emulator-hint";

export const RATE_LIMIT_HINT =
  "POST /_emulator/reset starts over (the windows with the records), or run without rate limits: --no-rate-limits, rateLimits: false";

/** The 429 of a spent window, its message naming the controls (`numeric` keeps it in the auth host's body). */
export const RATE_LIMITED: ApiError = {
  status: 429,
  code: "TOO_MANY_REQUESTS",
  numeric: 88,
  message: `Rate limit exceeded (emulator: ${RATE_LIMIT_HINT})`,
};
