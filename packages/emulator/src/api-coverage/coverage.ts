// Coverage of the API's rules: an observer (observe/exchange.ts) that counts what each exchange
// exercised, and `emu.coverage()` that reports it against everything there is to exercise
// (catalogue.ts). It keeps counts only, never a value of a request: no credential, token or signature
// can reach the report.

import { windowOf } from "../limits/rate-limits.js";
import type { Exchange, Observer } from "../observe/exchange.js";
import { type Catalogue, coverageCatalogue, documentedStatus, type OperationEntry } from "./catalogue.js";
import { COVERAGE_FORMAT, type CoverageReport, type OperationCoverage } from "./report.js";
import { requestView } from "./request-view.js";
import { withSummary } from "./summary.js";
import { countedXRules } from "./x-rules.js";

/** `emu.coverage()`: the report since the emulator was made or `emu.coverage.reset()`; `reset()` of the emulator keeps it. */
export interface Coverage {
  (): CoverageReport;
  /** Starts counting again from nothing. */
  reset(): void;
}

/** Counts by key; a key never counted reads 0. */
class Counts {
  private readonly counts = new Map<string, number>();
  add(key: string) {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  keys(prefix: string): string[] {
    return [...this.counts.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  }
  clear() {
    this.counts.clear();
  }
}

/** A key of counts: its parts joined by a character no id, status or name contains. */
const key = (...parts: Array<string | number>) => parts.join("\u0000");

function countOperation(counts: Counts, entry: OperationEntry, exchange: Exchange) {
  const id = entry.spec.id;
  counts.add(key("operation", id));
  if (exchange.status > 0) {
    const documented = documentedStatus(entry, exchange.status);
    counts.add(documented ? key("status", id, documented) : key("undocumented", id, exchange.status));
  }
  const { refusedBy } = exchange;
  const rules = entry.validator.rules;
  const reachedValidation = refusedBy === undefined || refusedBy === "validation";
  if (!reachedValidation && refusedBy !== "rate-limit") return;
  if (rules.length === 0 && entry.bounds.length === 0 && refusedBy !== "rate-limit") return;
  const view = requestView(exchange, entry.validator);
  if (refusedBy === "rate-limit") {
    counts.add(key("window", windowOf(entry.spec, view.rawQuery).name));
    return;
  }
  const { outcome, ruleIds } = countedXRules(exchange);
  for (const ruleId of ruleIds) counts.add(key(outcome, id, ruleId));
  for (const bound of entry.bounds) {
    const values = bound.read(view);
    if (values.includes(bound.limit)) counts.add(key("at", id, bound.bound));
    if (values.some((value) => value > bound.limit)) counts.add(key("past", id, bound.bound));
  }
}

/** The processing state an upload host's answer reports (v1.1 `processing_info`, v2 `data.processing_info`). */
function uploadState(exchange: Exchange): string | undefined {
  if (exchange.status < 200 || exchange.status > 299 || !exchange.responseBody?.includes("processing_info")) return;
  try {
    const body = JSON.parse(exchange.responseBody);
    const info = body?.processing_info ?? body?.data?.processing_info;
    return typeof info?.state === "string" ? info.state : undefined;
  } catch {
    return undefined;
  }
}

function count(counts: Counts, exchange: Exchange) {
  counts.add("exchanges");
  const entry = exchange.operationId === null ? undefined : coverageCatalogue().byId.get(exchange.operationId);
  if (!entry) {
    counts.add("unrouted");
    return;
  }
  countOperation(counts, entry, exchange);
  for (const outcome of exchange.rules)
    for (const id of outcome.ids) counts.add(key(outcome.held ? "state-held" : "state-broken", id));
  if (entry.spec.document === "upload") {
    const state = uploadState(exchange);
    if (state !== undefined) counts.add(key("upload-state", state));
  }
}

function operationReport(counts: Counts, entry: OperationEntry): OperationCoverage {
  const id = entry.spec.id;
  return {
    operationId: id,
    method: entry.spec.method,
    path: entry.spec.path,
    exchanges: counts.get(key("operation", id)),
    statuses: entry.statuses.map((status) => ({ status, answered: counts.get(key("status", id, status)) })),
    undocumented: counts
      .keys(key("undocumented", id, ""))
      .map((status) => ({ status: Number(status), answered: counts.get(key("undocumented", id, status)) })),
    xRules: entry.validator.rules.map((rule) => ({
      ruleId: rule.id,
      kind: rule.kind,
      error: rule.error,
      held: counts.get(key("held", id, rule.id)),
      broken: counts.get(key("broken", id, rule.id)),
    })),
    bounds: entry.bounds.map(({ bound, measure, limit }) => ({
      bound,
      measure,
      limit,
      at: counts.get(key("at", id, bound)),
      past: counts.get(key("past", id, bound)),
    })),
  };
}

function report(counts: Counts, catalogue: Catalogue): CoverageReport {
  const stateRuleIds = [
    ...new Set([...catalogue.stateRuleIds, ...counts.keys("state-held\u0000"), ...counts.keys("state-broken\u0000")]),
  ];
  return withSummary({
    format: COVERAGE_FORMAT,
    version: 1,
    exchanges: counts.get("exchanges"),
    unrouted: counts.get("unrouted"),
    documents: catalogue.documents.map((document) => ({
      name: document.name,
      title: document.title,
      operations: document.operations.map((entry) => operationReport(counts, entry)),
    })),
    stateRules: stateRuleIds.map((id) => ({
      id,
      held: counts.get(key("state-held", id)),
      broken: counts.get(key("state-broken", id)),
    })),
    rateLimits: catalogue.windows.map((window) => ({
      window: window.name,
      limit: window.limit,
      seconds: window.ms / 1000,
      reached: counts.get(key("window", window.name)),
    })),
    uploadStates: catalogue.uploadStates.map((state) => ({ state, seen: counts.get(key("upload-state", state)) })),
  });
}

/** The observer to attach and the `coverage` of the emulator it is attached to. */
export function createCoverage(): { observer: Observer; coverage: Coverage } {
  const counts = new Counts();
  const coverage = Object.assign(() => report(counts, coverageCatalogue()), { reset: () => counts.clear() });
  return { observer: { exchange: (exchange) => count(counts, exchange) }, coverage };
}
