#!/usr/bin/env node
// Our drift beside Redocly's (`redocly drift`, @redocly/cli pinned in spec/) on the same recordings:
// the drill's fixture and the drill's answer plants recorded through the signing proxy's recorder.
// Writes each recording as a plain HAR to a temporary folder, runs both, and prints one Markdown
// table of findings by class per recording. Redocly is run once per document with `--server` set to
// the host the recording reached it on (the recording's hosts are the emulator's local ports, not the
// documents' servers). `node tools/truth/scripts/drift-vs-redocly.mjs` (REDOCLY_TELEMETRY=off).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { driftOf } from "../src/drift.mjs";
import { recordPlanted } from "../src/drill.mjs";
import { operationOf } from "../src/operations.mjs";
import { answerPlants } from "../src/plants.mjs";
import { readRecordingFile } from "../src/recordings.mjs";

const specDir = join(import.meta.dirname, "..", "..", "..", "spec");
const flows = readRecordingFile(join(import.meta.dirname, "..", "test", "fixtures", "workflows.har.gz"));
const dir = mkdtempSync(join(tmpdir(), "truth-redocly-"));

/** @param {Record<string, number>} counts @param {string} key @param {number} [by] */
const add = (counts, key, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** The documents a recording reached, each with the host it reached it on. @param {import("@xads/emulator").Recording} recording */
function hostsOf(recording) {
  /** @type {Map<string, string>} */
  const documents = new Map();
  for (const entry of recording.log.entries) {
    const document = operationOf(entry)?.op.document;
    if (document && !documents.has(document)) documents.set(document, new URL(entry.request.url).origin);
  }
  return documents;
}

/** @param {string} file @param {import("@xads/emulator").Recording} recording */
function redoclyCounts(file, recording) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const [document, server] of hostsOf(recording)) {
    const out = `${file}.${document}.json`;
    const run = spawnSync(
      "npx",
      ["redocly", "drift", file, "--api", `dist/${document}.json`, "--server", server, "--format", "json", "-o", out],
      { cwd: specDir, env: { ...process.env, REDOCLY_TELEMETRY: "off" }, encoding: "utf8" },
    );
    if (run.status !== 0 && run.status !== 1) throw new Error(`redocly drift ${document}: ${run.stderr}`);
    const report = JSON.parse(readFileSync(out, "utf8"));
    for (const [rule, count] of Object.entries(report.run.findingsByRule ?? {})) add(counts, rule, Number(count));
    add(counts, "(exchanges matched)", report.run.documentedExchanges);
  }
  return counts;
}

const recordings = [
  { name: "fixture (as recorded)", recording: flows },
  ...(await Promise.all(
    answerPlants
      .filter((plant) => !plant.name.startsWith("cursor"))
      .map(async (plant) => ({ name: plant.name, recording: await recordPlanted(flows, plant) })),
  )),
];
const rows = [];
for (const [index, { name, recording }] of recordings.entries()) {
  const file = join(dir, `recording-${index}.har`);
  writeFileSync(file, JSON.stringify(recording));
  /** @type {Record<string, number>} */
  const ours = {};
  for (const finding of driftOf(recording)) add(ours, finding.kind);
  const theirs = redoclyCounts(file, recording);
  const format = (/** @type {Record<string, number>} */ counts) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, count]) => `${kind} ${count}`)
      .join(", ") || "none";
  rows.push(`| ${name} | ${recording.log.entries.length} | ${format(ours)} | ${format(theirs)} |`);
}
console.log(
  ["| recording | answers | ours (xads-truth drift) | Redocly drift |", "| --- | --- | --- | --- |", ...rows].join(
    "\n",
  ),
);
console.log(`\nHAR files and Redocly's JSON reports: ${dir}`);
