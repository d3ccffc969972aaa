// The summary of a coverage report, recomputed from its lists (so that a merged report's summary is
// exact), and its one line.
import type { CoverageReport, CoverageSummary, Tally } from "./report.js";

const tally = <T>(items: readonly T[], covered: (item: T) => boolean): Tally => ({
  covered: items.filter(covered).length,
  total: items.length,
});

const ratio = ({ covered, total }: Tally) => `${covered}/${total}`;

export function summaryLine(summary: Omit<CoverageSummary, "line">): string {
  const { stateRules, xRules } = summary;
  return [
    `coverage: operations ${ratio(summary.operations)}`,
    `statuses ${ratio(summary.statuses)}`,
    `state rules ${ratio(stateRules)} (held ${stateRules.held}, broken ${stateRules.broken})`,
    `x-rules ${ratio(xRules)} both outcomes`,
    `bounds ${ratio(summary.bounds)}`,
    `rate-limit 429s ${ratio(summary.rateLimits)} windows`,
    `upload states ${ratio(summary.uploadStates)}`,
  ].join(", ");
}

export function summarize(report: Omit<CoverageReport, "summary">): CoverageSummary {
  const operations = report.documents.flatMap((document) => document.operations);
  const xRules = operations.flatMap((operation) => operation.xRules);
  const summary: Omit<CoverageSummary, "line"> = {
    operations: tally(operations, (operation) => operation.exchanges > 0),
    statuses: tally(
      operations.flatMap((operation) => operation.statuses),
      (status) => status.answered > 0,
    ),
    stateRules: {
      ...tally(report.stateRules, (rule) => rule.held + rule.broken > 0),
      held: report.stateRules.filter((rule) => rule.held > 0).length,
      broken: report.stateRules.filter((rule) => rule.broken > 0).length,
    },
    xRules: {
      ...tally(xRules, (rule) => rule.held > 0 && rule.broken > 0),
      held: xRules.filter((rule) => rule.held > 0).length,
      broken: xRules.filter((rule) => rule.broken > 0).length,
    },
    bounds: tally(
      operations.flatMap((operation) => operation.bounds),
      (bound) => bound.at > 0 && bound.past > 0,
    ),
    rateLimits: tally(report.rateLimits, (window) => window.reached > 0),
    uploadStates: tally(report.uploadStates, (state) => state.seen > 0),
  };
  return { ...summary, line: summaryLine(summary) };
}

/** The report with its summary, its fields in the order the report is read. */
export function withSummary(report: Omit<CoverageReport, "summary">): CoverageReport {
  return {
    format: report.format,
    version: report.version,
    summary: summarize(report),
    exchanges: report.exchanges,
    unrouted: report.unrouted,
    documents: report.documents,
    stateRules: report.stateRules,
    rateLimits: report.rateLimits,
    uploadStates: report.uploadStates,
  };
}
