// What the pipeline and the admin interface share: options, clock, state and traffic.
import type { AuthState } from "./auth/state.js";
import type { NonceCache } from "./auth/verify.js";
import type { Clock } from "./clock.js";
import type { Faults } from "./faults.js";
import type { Fixture } from "./fixture.js";
import type { RateLimiter } from "./limits/rate-limits.js";
import type { RequestLog } from "./request-log.js";
import type { Store } from "./store/store.js";

export interface EmulatorOptions {
  /** "strict" (default) verifies OAuth 1.0a signatures; "lenient" takes any Authorization of the right scheme. */
  auth?: "strict" | "lenient";
  /** Rate limits on the emulator's clock (default true). */
  rateLimits?: boolean;
  /** Start of a virtual clock, ms since the epoch; without it the clock follows real time. */
  now?: number;
  /** How many requests `requests` keeps (default 1000). */
  requestLogSize?: number;
  /** Called with each internal error (default: written to stderr). */
  onInternalError?: (error: string, method: string, url: string) => void;
}

export interface State {
  store: Store;
  auth: AuthState;
}

export interface Runtime {
  options: { auth: "strict" | "lenient"; rateLimits: boolean };
  fixture: Fixture;
  clock: Clock;
  state(): State;
  nonces: NonceCache;
  limits: RateLimiter;
  faults: Faults;
  log: RequestLog;
  onInternalError?: ((error: string, method: string, url: string) => void) | undefined;
}
