import type { Operation } from "@xads/spec/lib/model.mjs";
import type { ExpectStatic } from "vitest";
import type { LoadedBundle } from "../bundle.js";
import type { GapList } from "../coverage.js";
import type { Answer, RequestPlan } from "../requests.js";
import type { Site } from "../sites.js";
import type { Limitations } from "../targets/target.js";

/** What a family reads when it lists an operation's cases: the bundle, and what the target cannot do. */
export interface FamilyScope {
  bundle: LoadedBundle;
  limitations: Limitations;
}

/** A case the coverage report lists as not checked in full, noted when the case is registered. */
export interface CaseGap {
  list: GapList;
  caseId: string;
  reason: string;
}

/** One case of a family: a test of its own, unless nothing of it can be sent (then only its gaps). */
export interface ContractCase {
  /** The test's name; a case without one is not run. */
  name?: string;
  gaps?: CaseGap[];
}

/** What a case has while it runs: the operation, its requests through the target, the coverage counts. */
export interface CaseRun {
  expect: ExpectStatic;
  bundle: LoadedBundle;
  entry: Operation;
  limitations: Limitations;
  /** The minimal valid request, as the target gets it. */
  request(): RequestPlan;
  /** The minimal request with `value` at the site (and the parameters an x-rule then requires). */
  planAt(site: Site, value: unknown): RequestPlan;
  send(plan: RequestPlan): Promise<Answer>;
  /** A request meant to be rejected (the emulator gets it itself, not through its proxy). */
  sendRejected(plan: RequestPlan): Promise<Answer>;
  /**
   * Checks an answer to a request a stateless mock accepts: false when the target refused it for a
   * reason of state or of a rule (listed in the report), true when it was accepted.
   */
  checkAccepted(answer: Answer, what: string, plan: RequestPlan): Promise<boolean>;
  /** Counts a passed case (or one of its values) under `kind` in the coverage line. */
  covered(kind: string, key: string): void;
}

/**
 * One family of contract cases. The suite runs every family over every operation of a document
 * against the chosen target: `casesOf` when it registers the tests, `check` when one runs.
 */
export interface CaseFamily<Case extends ContractCase = ContractCase> {
  /** The file name, and the row of the README's table of what each operation is checked for. */
  id: string;
  /** What is sent and what must come back. */
  describe: string;
  casesOf(entry: Operation, scope: FamilyScope): Case[];
  check(contractCase: Case, run: CaseRun): void | Promise<void>;
}
