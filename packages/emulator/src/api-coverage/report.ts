// The coverage report: what the traffic an emulator saw exercised of the API's rules. Plain JSON; every
// figure is a count of exchanges, so two reports merge by adding them (merge.ts) and the summary is
// recomputed from the lists (summary.ts).

export const COVERAGE_FORMAT = "xads-emulator-coverage";

export interface CoverageReport {
  format: typeof COVERAGE_FORMAT;
  version: 1;
  summary: CoverageSummary;
  /** Every exchange the emulator answered, routed or not. */
  exchanges: number;
  /** Exchanges whose path and method name no operation (404, 405). */
  unrouted: number;
  documents: DocumentCoverage[];
  /** The state rules by their registry ids (the ids the emulator's rule modules implement). */
  stateRules: StateRuleCoverage[];
  /** The rate-limit windows (the facts file's, and the emulator's own for the unpublished hosts). */
  rateLimits: RateLimitCoverage[];
  /** The processing states of uploads seen in the upload host's answers. */
  uploadStates: UploadStateCoverage[];
}

export interface DocumentCoverage {
  name: string;
  title: string;
  operations: OperationCoverage[];
}

export interface OperationCoverage {
  operationId: string;
  method: string;
  path: string;
  /** Exchanges routed to the operation, whatever refused or answered them. */
  exchanges: number;
  /** Each documented response (`200`, `4XX`, `default`) and how many answers it described. */
  statuses: StatusCoverage[];
  /** Answered statuses the operation documents no response for. */
  undocumented: Array<{ status: number; answered: number }>;
  xRules: XRuleCoverage[];
  bounds: BoundCoverage[];
}

export interface StatusCoverage {
  status: string;
  answered: number;
}

export interface XRuleCoverage {
  ruleId: string;
  kind: string;
  /** The error code the validator answers when the rule breaks. */
  error: string;
  held: number;
  broken: number;
}

export interface BoundCoverage {
  /** `count`, `items`, or the x-rule's id (and the key kind of a media-keys-mix rule). */
  bound: string;
  /** What is measured against the limit. */
  measure: string;
  limit: number;
  /** Requests that reached validation with the value at the limit. */
  at: number;
  /** Requests that reached validation with the value past it. */
  past: number;
}

export interface StateRuleCoverage {
  id: string;
  held: number;
  broken: number;
}

export interface RateLimitCoverage {
  window: string;
  limit: number;
  seconds: number;
  /** Requests the window refused with 429 (injected faults excluded). */
  reached: number;
}

export interface UploadStateCoverage {
  state: string;
  seen: number;
}

/** Covered and total of one part of the report. */
export interface Tally {
  covered: number;
  total: number;
}

export interface CoverageSummary {
  /** Operations with at least one exchange. */
  operations: Tally;
  /** Documented responses answered at least once. */
  statuses: Tally;
  /** State rules run at least once; `held` and `broken`: rules seen with that outcome. */
  stateRules: Tally & { held: number; broken: number };
  /** x-rules seen both held and broken; `held` and `broken`: rules seen with that outcome. */
  xRules: Tally & { held: number; broken: number };
  /** Bounds reached both at the limit and past it. */
  bounds: Tally;
  /** Windows that answered a 429. */
  rateLimits: Tally;
  uploadStates: Tally;
  /** The one summary line. */
  line: string;
}
