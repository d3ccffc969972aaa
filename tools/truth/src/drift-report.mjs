// The drift report's three forms: Markdown for people, SARIF 2.1.0 and JSON for CI. Findings are
// grouped by operation, in the order the recording first met each.
import { DRIFT_KINDS } from "./drift.mjs";

/** @typedef {import("./drift.mjs").DriftFinding} DriftFinding */

/** @param {DriftFinding[]} findings @returns {Map<string, DriftFinding[]>} */
export function byOperation(findings) {
  /** @type {Map<string, DriftFinding[]>} */
  const groups = new Map();
  for (const finding of findings) {
    const key = finding.operationId ?? "(no documented operation)";
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  return groups;
}

/** @param {DriftFinding[]} findings @returns {Record<string, number>} */
export function countsByKind(findings) {
  return Object.fromEntries(DRIFT_KINDS.map((kind) => [kind, findings.filter((f) => f.kind === kind).length]));
}

/** @param {string} text */
const cell = (text) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** @param {DriftFinding[]} findings @param {{ recording: string, entries: number }} about */
export function driftMarkdown(findings, about) {
  const lines = [
    `# Drift: ${about.recording}`,
    "",
    `${about.entries} recorded answers, ${findings.length} findings.`,
    "",
  ];
  const counts = countsByKind(findings);
  lines.push("| class | findings |", "| --- | ---: |");
  for (const [kind, count] of Object.entries(counts)) lines.push(`| ${kind} | ${count} |`);
  for (const [operation, group] of byOperation(findings)) {
    lines.push(
      "",
      `## ${operation}`,
      "",
      "| entry | request | status | class | where | spec |",
      "| ---: | --- | ---: | --- | --- | --- |",
    );
    for (const f of group)
      lines.push(
        `| ${f.entry} | ${cell(`${f.method} ${f.path}`)} | ${f.status} | ${f.kind} | ${cell(f.where)} | ${f.spec ? `${f.spec.file}:${f.spec.line}` : ""} |`,
      );
  }
  return `${lines.join("\n")}\n`;
}

/** @param {DriftFinding[]} findings */
export function driftSarif(findings) {
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "xads-truth drift",
            informationUri: "https://github.com/xads-dev/xads/tree/main/tools/truth",
            rules: DRIFT_KINDS.map((id) => ({ id, shortDescription: { text: id.replaceAll("-", " ") } })),
          },
        },
        results: findings.map((f) => ({
          ruleId: f.kind,
          level: "warning",
          message: { text: `${f.operationId ?? "?"}: ${f.message} (entry ${f.entry}: ${f.method} ${f.path})` },
          ...(f.spec
            ? {
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: { uri: f.spec.file },
                      region: { startLine: f.spec.line },
                    },
                  },
                ],
              }
            : {}),
        })),
      },
    ],
  };
}

/** @param {DriftFinding[]} findings */
export const driftJson = (findings) => ({
  counts: countsByKind(findings),
  operations: Object.fromEntries(byOperation(findings)),
});
