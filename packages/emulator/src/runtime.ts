// What the pipeline and the admin interface share: options, clock, state and traffic.
import type { AuthState } from "./auth/state.js";
import type { NonceCache } from "./auth/verify.js";
import type { Clock } from "./clock.js";
import type { DoctorOptions } from "./doctor/doctor.js";
import type { Faults } from "./faults.js";
import type { Fixture } from "./fixture.js";
import type { RateLimiter } from "./limits/rate-limits.js";
import type { Observer } from "./observe/exchange.js";
import type { RequestLog } from "./request-log.js";
import type { StateRule } from "./rules/rule.js";
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
  /**
   * State rules to switch off, by their ids in spec/workflows/state-rules.yaml (`stateRuleIds`: the
   * ids the modules of src/rules/ declare), to check that a test suite notices when one breaks. An id
   * no module implements throws.
   */
  disabledRules?: readonly string[];
  /** The client doctor (doctor/): findings on what the client did wrong; `{ header: true }` also answers their ids. */
  doctor?: boolean | DoctorOptions;
  /** Called with each internal error (default: written to stderr). */
  onInternalError?: (error: string, method: string, url: string) => void;
}

export interface State {
  store: Store;
  auth: AuthState;
}

export interface Runtime {
  options: { auth: "strict" | "lenient"; rateLimits: boolean };
  /** The tenant whose state this is (tenants/): "default" for the fixture's. */
  tenant: string;
  fixture: Fixture;
  clock: Clock;
  state(): State;
  nonces: NonceCache;
  limits: RateLimiter;
  faults: Faults;
  rules: (resource: string) => readonly StateRule[];
  log: RequestLog;
  /** What a test run attached to see every exchange (observe/exchange.ts). */
  observers: Set<Observer>;
  onInternalError?: ((error: string, method: string, url: string) => void) | undefined;
}
