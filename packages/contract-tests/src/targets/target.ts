import type { Operation } from "@xads/spec/lib/model.mjs";
import type { ExpectStatic } from "vitest";
import type { LoadedBundle } from "../bundle.js";
import type { Coverage, CoverageTarget } from "../coverage.js";
import { type Answer, type RequestPlan, type SendOptions, send } from "../requests.js";
import type { Site } from "../sites.js";

/** Where one document's suite sends its requests, as the global setup hands it to the suite. */
export interface Endpoint {
  /** The document. */
  name: string;
  /** The id of the target module (src/targets/index.ts) that started it. */
  target: string;
  url: string;
  /** Where requests meant to be rejected go, when not to `url` (the emulator behind its proxy). */
  direct?: string;
}

/** What a target cannot do or check, read by the case families when they register their cases. */
export interface Limitations {
  /** False when a write is not sent only to be accepted (a real host keeps what it accepts). */
  sendsAcceptedWrites: boolean;
  /** Why a value cannot reach the target's validation as itself, or undefined when it can. */
  unreachable(site: Site, value: unknown): string | undefined;
  /** Requests without credentials can be sent (never to a real host). */
  sendsUnauthenticated: boolean;
  /** May answer 403 to missing credentials where the operation documents a 403 (as to bad ones). */
  forbidsMissingCredentials: boolean;
  /** Answers the documented error chosen with `Prefer: code=..., example=...` (Prism's mock). */
  choosesDocumentedErrors: boolean;
  /** Cases are sent one at a time instead of together. */
  oneAtATime: boolean;
}

/** A suite's way to its endpoint, made once before its cases run. */
export interface Connection {
  /** Sends a request meant to be accepted. */
  send(entry: Operation, plan: RequestPlan): Promise<Answer>;
  /** Sends a request meant to be rejected. */
  sendRejected(entry: Operation, plan: RequestPlan): Promise<Answer>;
}

/** What a target needs to judge an answer to a request it should accept. */
export interface AcceptedCheck {
  expect: ExpectStatic;
  bundle: LoadedBundle;
  entry: Operation;
  connection: Connection;
  coverage: Coverage;
  answer: Answer;
  /** What was sent, for the assertion messages and the coverage report. */
  what: string;
  plan: RequestPlan;
}

/** A document's endpoints of one target, started for the run. */
export interface Started {
  endpoints: Endpoint[];
  stop(): Promise<void>;
}

/** One target of the contract suites: what it starts, how requests reach it, what it cannot check. */
export interface ContractTarget {
  id: string;
  describe: string;
  /** Starts the target for these documents, once per run (vitest's global setup, not a test worker). */
  start(documents: Array<{ name: string; bundlePath: string }>): Promise<Started>;
  /** Connects a suite to its endpoint (before its cases; a failure fails every case). */
  connect(endpoint: Endpoint): Promise<Connection>;
  limitations: Limitations;
  /** How the coverage line names the target, and the report's file name for a document. */
  report: { as: CoverageTarget; file(document: string): string };
  /** The minimal valid request of an operation as this target gets it. */
  request(entry: Operation): RequestPlan;
  /**
   * Checks an answer to a request a stateless mock accepts: true when it was accepted, false when the
   * target refused it for a reason the report lists.
   */
  checkAccepted(check: AcceptedCheck): Promise<boolean>;
}

/** Whether requests meant only to be accepted are sent for this operation. */
export function sendsAccepted(limitations: Limitations, entry: Operation): boolean {
  // Reads have no side effects.
  return limitations.sendsAcceptedWrites || entry.method === "get";
}

/** Sends every request to `url`, or those meant to be rejected to `direct` when it is given. */
export function connectionTo(url: string, options: SendOptions = {}, direct = url): Connection {
  return {
    send: (entry, plan) => send(url, entry, plan, options),
    sendRejected: (entry, plan) => send(direct, entry, plan, options),
  };
}
