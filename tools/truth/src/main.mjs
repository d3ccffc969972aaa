#!/usr/bin/env node
// xads-truth: the drift report of a recording (Markdown, SARIF and JSON), its replay on a fresh
// emulator, or the whole loop against the sandbox (`sandbox`: needs the XADS_OAUTH_* credentials).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { driftOf } from "./drift.mjs";
import { driftJson, driftMarkdown, driftSarif } from "./drift-report.mjs";
import { readRecordingFile } from "./recordings.mjs";
import { replayOnEmulator } from "./replay.mjs";

const USAGE = `Usage: xads-truth drift RECORDING [--out DIR]    drift.md, drift.sarif, drift.json (default: next to it)
       xads-truth replay RECORDING                on a fresh emulator; exits 1 on a difference
       xads-truth sandbox                         needs XADS_OAUTH_CONSUMER_KEY, _CONSUMER_SECRET, _TOKEN, _TOKEN_SECRET
  RECORDING: a directory (recording.har.gz or recording.har) or a HAR file.`;

const CREDENTIALS = [
  "XADS_OAUTH_CONSUMER_KEY",
  "XADS_OAUTH_CONSUMER_SECRET",
  "XADS_OAUTH_TOKEN",
  "XADS_OAUTH_TOKEN_SECRET",
];

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: "string" }, help: { type: "boolean" } },
  });
  const [command, path] = positionals;
  if (values.help || !command) return console.log(USAGE);
  if (command === "sandbox") {
    const missing = CREDENTIALS.filter((name) => !process.env[name]);
    if (missing.length > 0) throw new Error(`refusing to run: set ${missing.join(", ")} (nothing was run)`);
    const { spawnSync } = await import("node:child_process");
    const dir = join(process.cwd(), "tools", "workflows", "recordings", new Date().toISOString().slice(0, 10));
    const run = spawnSync(
      process.execPath,
      [join(import.meta.dirname, "..", "..", "workflows", "src", "main.mjs"), "--sandbox", "--record", dir],
      { stdio: "inherit" },
    );
    const recording = readRecordingFile(dir);
    const findings = driftOf(recording);
    writeReports(findings, dir, recording.log.entries.length);
    process.exitCode = run.status ?? 1;
    return;
  }
  if (!path) throw new Error(`${command} needs a recording`);
  const recording = readRecordingFile(path);
  if (command === "drift") {
    writeReports(
      driftOf(recording),
      values.out ?? (path.endsWith(".har") || path.endsWith(".gz") ? join(path, "..") : path),
      recording.log.entries.length,
    );
  } else if (command === "replay") {
    const result = await replayOnEmulator(recording);
    for (const d of result.differences)
      console.log(
        `entry ${d.entry} ${d.request} ${d.field}: recorded ${d.recorded}, emulator ${d.replayed} (by ${d.producedBy.join(", ")})`,
      );
    console.log(
      `${result.compared} compared, ${result.skipped.length} skipped, ${result.differences.length} differences`,
    );
    process.exitCode = result.differences.length > 0 ? 1 : 0;
  } else throw new Error(`unknown command ${command}`);
}

/** @param {import("./drift.mjs").DriftFinding[]} findings @param {string} dir @param {number} entries */
function writeReports(findings, dir, entries) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "drift.md"), driftMarkdown(findings, { recording: dir, entries }));
  writeFileSync(join(dir, "drift.sarif"), `${JSON.stringify(driftSarif(findings), null, 2)}\n`);
  writeFileSync(join(dir, "drift.json"), `${JSON.stringify(driftJson(findings), null, 2)}\n`);
  console.log(
    `${entries} answers, ${findings.length} drift findings -> ${join(dir, "drift.md")}, drift.sarif, drift.json`,
  );
}

main().catch((error) => {
  console.error(`xads-truth: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
