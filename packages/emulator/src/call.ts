// What an operation's handler gets and gives.

import type { AuthState } from "./auth/state.js";
import type { Faults } from "./faults.js";
import type { Fixture } from "./fixture.js";
import type { RuleOutcome } from "./observe/exchange.js";
import type { StateRule } from "./rules/rule.js";
import type { OperationSpec } from "./spec-types.js";
import type { Store } from "./store/store.js";

export { ApiFailure, invalid, notFound } from "./failure.js";

export interface Answer {
  status: number;
  /** JSON (an object or array) or text (a string); none for an empty body. */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Call {
  operation: OperationSpec;
  /** Path parameters, decoded. */
  path: Record<string, string>;
  /** Query (and form) parameters the operation declares, typed. */
  query: Record<string, unknown>;
  /** The parsed JSON body, for operations that take one. */
  body: unknown;
  /** A form or multipart body's fields (a binary part as a Uint8Array), for operations that take one. */
  fields: Record<string, unknown>;
  /** The OAuth 1.0a parameters of the Authorization header, when it has them. */
  oauth: Record<string, string> | undefined;
  /** The credential that authenticated the call (an access token, a consumer key, a bearer token). */
  credential: string | undefined;
  now: number;
  store: Store;
  auth: AuthState;
  fixture: Fixture;
  /** The pending faults (an upload's processing failure is taken at FINALIZE). */
  faults: Faults;
  /** The state rules of a resource, without the ones the options disabled. */
  rules: (resource: string) => readonly StateRule[];
  url: URL;
  /** Where the state rules the call's writes run are noted, held or broken, when an observer is attached. */
  ruleOutcomes?: RuleOutcome[];
}

/** Thrown to drop the connection (an injected fault): no answer at all, as when a network fails. */
export class DroppedConnection extends TypeError {
  constructor() {
    super("fetch failed: the connection was dropped (injected fault)");
    this.name = "TypeError";
  }
}
