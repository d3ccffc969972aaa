// Merges coverage reports: the union of what each exercised. Items are matched by their key (a
// document's name, an operation's id, a status, a rule's id, a bound, a window, a state); counts add
// up; an item only one report has is kept. The summary is recomputed from the merged lists.
import { COVERAGE_FORMAT, type CoverageReport, type OperationCoverage } from "./report.js";
import { withSummary } from "./summary.js";

function mergeBy<T>(a: readonly T[], b: readonly T[], key: (item: T) => string, combine: (x: T, y: T) => T): T[] {
  const merged = new Map<string, T>();
  for (const item of a) merged.set(key(item), item);
  for (const item of b) {
    const existing = merged.get(key(item));
    merged.set(key(item), existing === undefined ? item : combine(existing, item));
  }
  return [...merged.values()];
}

/** Adds the named counts of two items that are otherwise the same. */
const adding =
  <T>(...counts: Array<keyof T>) =>
  (x: T, y: T): T => {
    const sum = { ...x };
    for (const count of counts) (sum[count] as number) = (x[count] as number) + (y[count] as number);
    return sum;
  };

function mergeOperations(x: OperationCoverage, y: OperationCoverage): OperationCoverage {
  return {
    ...x,
    exchanges: x.exchanges + y.exchanges,
    statuses: mergeBy(x.statuses, y.statuses, (s) => s.status, adding("answered")),
    undocumented: mergeBy(x.undocumented, y.undocumented, (s) => String(s.status), adding("answered")),
    xRules: mergeBy(x.xRules, y.xRules, (r) => r.ruleId, adding("held", "broken")),
    bounds: mergeBy(x.bounds, y.bounds, (b) => b.bound, adding("at", "past")),
  };
}

/** A coverage report, or a TypeError naming what is not one. */
export function assertCoverageReport(value: unknown, name = "coverage report"): asserts value is CoverageReport {
  const report = value as Partial<CoverageReport> | null;
  if (typeof report !== "object" || report === null || report.format !== COVERAGE_FORMAT || report.version !== 1)
    throw new TypeError(`${name}: not an @xads/emulator coverage report (format "${COVERAGE_FORMAT}", version 1)`);
  for (const list of ["documents", "stateRules", "rateLimits", "uploadStates"] as const)
    if (!Array.isArray(report[list])) throw new TypeError(`${name}: ${list} must be a list`);
}

/** The union of two reports' coverage, with its summary recomputed. */
export function mergeCoverage(a: CoverageReport, b: CoverageReport): CoverageReport {
  assertCoverageReport(a, "mergeCoverage: the first report");
  assertCoverageReport(b, "mergeCoverage: the second report");
  const merged: Omit<CoverageReport, "summary"> = {
    format: COVERAGE_FORMAT,
    version: 1,
    exchanges: a.exchanges + b.exchanges,
    unrouted: a.unrouted + b.unrouted,
    documents: mergeBy(
      a.documents,
      b.documents,
      (d) => d.name,
      (x, y) => ({ ...x, operations: mergeBy(x.operations, y.operations, (o) => o.operationId, mergeOperations) }),
    ),
    stateRules: mergeBy(a.stateRules, b.stateRules, (r) => r.id, adding("held", "broken")),
    rateLimits: mergeBy(a.rateLimits, b.rateLimits, (w) => w.window, adding("reached")),
    uploadStates: mergeBy(a.uploadStates, b.uploadStates, (s) => s.state, adding("seen")),
  };
  return withSummary(merged);
}
