// The coverage report as one self-contained HTML page (no script, no external asset): the summary line,
// a table per document, the state rules, rate-limit windows and upload states, with what was never
// touched highlighted. Every text it prints is escaped.
import type { BoundCoverage, CoverageReport, OperationCoverage, XRuleCoverage } from "./report.js";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1b1f24; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border: 1px solid #d0d7de; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
.never { background: #ffebe9; }
.partial { background: #fff8c5; }
.tag { display: inline-block; margin: 0 0.25rem 0.1rem 0; padding: 0 0.3rem; border-radius: 3px; background: #dafbe1; }
.tag.never { background: #ffebe9; }
code { font-size: 13px; }
`;

const row = (cells: string[], className = "") =>
  `<tr${className ? ` class="${className}"` : ""}>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;

const head = (names: string[]) => `<tr>${names.map((name) => `<th>${escapeHtml(name)}</th>`).join("")}</tr>`;

const table = (names: string[], rows: string[]) =>
  rows.length === 0 ? "" : `<table>${head(names)}${rows.join("")}</table>`;

const tag = (text: string, touched: boolean) =>
  `<span class="tag${touched ? "" : " never"}">${escapeHtml(text)}</span>`;

const coverageClass = (done: boolean, touched: boolean) => (done ? "" : touched ? "partial" : "never");

function ruleCell(rule: XRuleCoverage): string {
  return `${tag(`${rule.ruleId} (${rule.kind}): held ${rule.held}`, rule.held > 0)}${tag(`broken ${rule.broken}`, rule.broken > 0)}`;
}

function boundCell(bound: BoundCoverage): string {
  const name = `${bound.bound} (${bound.measure} <= ${bound.limit})`;
  return `${tag(`${name}: at ${bound.at}`, bound.at > 0)}${tag(`past ${bound.past}`, bound.past > 0)}`;
}

function operationRow(operation: OperationCoverage): string {
  const statuses = [
    ...operation.statuses.map((s) => tag(`${s.status}: ${s.answered}`, s.answered > 0)),
    ...operation.undocumented.map((s) => tag(`${s.status} (undocumented): ${s.answered}`, true)),
  ];
  return row(
    [
      `<code>${escapeHtml(operation.operationId)}</code>`,
      `<code>${escapeHtml(operation.method)} ${escapeHtml(operation.path)}</code>`,
      escapeHtml(operation.exchanges),
      statuses.join(""),
      operation.xRules.map(ruleCell).join("<br>"),
      operation.bounds.map(boundCell).join("<br>"),
    ],
    operation.exchanges > 0 ? "" : "never",
  );
}

export function coverageHtml(report: CoverageReport): string {
  const documents = report.documents.map(
    (document) =>
      `<h2>${escapeHtml(document.title)} <small>(${escapeHtml(document.name)})</small></h2>` +
      table(
        ["operation", "request", "exchanges", "documented statuses: answers", "x-rules", "bounds"],
        document.operations.map(operationRow),
      ),
  );
  const stateRules = table(
    ["state rule", "held", "broken"],
    report.stateRules.map((rule) =>
      row(
        [`<code>${escapeHtml(rule.id)}</code>`, escapeHtml(rule.held), escapeHtml(rule.broken)],
        coverageClass(rule.held > 0 && rule.broken > 0, rule.held + rule.broken > 0),
      ),
    ),
  );
  const windows = table(
    ["window", "limit", "seconds", "429s"],
    report.rateLimits.map((w) =>
      row(
        [`<code>${escapeHtml(w.window)}</code>`, escapeHtml(w.limit), escapeHtml(w.seconds), escapeHtml(w.reached)],
        w.reached > 0 ? "" : "never",
      ),
    ),
  );
  const states = table(
    ["upload state", "answers"],
    report.uploadStates.map((s) =>
      row([`<code>${escapeHtml(s.state)}</code>`, escapeHtml(s.seen)], s.seen > 0 ? "" : "never"),
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>@xads/emulator coverage</title><style>${STYLE}</style></head>
<body>
<h1>@xads/emulator coverage</h1>
<p><code>${escapeHtml(report.summary.line)}</code></p>
<p>${escapeHtml(report.exchanges)} exchanges, ${escapeHtml(report.unrouted)} to no operation. Red: never touched; yellow: one outcome of two.</p>
${documents.join("\n")}
<h2>State rules</h2>
${stateRules}
<h2>Rate-limit windows</h2>
${windows}
<h2>Upload processing states</h2>
${states}
</body></html>
`;
}
