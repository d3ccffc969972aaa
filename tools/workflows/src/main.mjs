#!/usr/bin/env node
// xads-workflows: runs every workflow of spec/workflows with respect, against a fresh strict emulator
// (default) or, with --sandbox, against https://ads-api-sandbox.x.com with the XADS_OAUTH_* credentials.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { saveCoverage } from "@xads/emulator/coverage-file";
import { coverage, readStateRules, readWorkflows } from "./catalog.mjs";
import { failures } from "./respect.mjs";
import { runWorkflows } from "./run.mjs";
import { emulatorTarget, sandboxTarget } from "./targets.mjs";

const USAGE = `Usage: xads-workflows [--sandbox] [--workflow ID ...] [--verbose] [--coverage FILE]
  Default: a fresh emulator with strict signature checks, behind the signing proxy.
  --sandbox: the real sandbox (https://ads-api-sandbox.x.com), signed with XADS_OAUTH_CONSUMER_KEY,
  XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN and XADS_OAUTH_TOKEN_SECRET (never printed).
  --coverage FILE: write the emulator's coverage of the API's rules to FILE (JSON) and its page next to it.
  --record DIR: with --sandbox, where the exchanges are recorded (redacted HAR); default
  tools/workflows/recordings/<date>/; --no-record records nothing.`;

/** Where a sandbox run records by default (gitignored). */
const defaultRecordDir = () =>
  join(
    dirname(fileURLToPath(import.meta.url)),
    "..",
    "recordings",
    new Date().toISOString().slice(0, 19).replace(/:/g, "-"),
  );

async function main() {
  const { values } = parseArgs({
    options: {
      sandbox: { type: "boolean" },
      workflow: { type: "string", multiple: true },
      verbose: { type: "boolean" },
      coverage: { type: "string" },
      record: { type: "string" },
      "no-record": { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) return console.log(USAGE);
  const workflows = readWorkflows();
  if (values.sandbox && values.coverage)
    throw new Error("--coverage reads the emulator's coverage: not with --sandbox");
  // The sandbox target refuses first when a credential is missing: nothing runs without them.
  if (values.record && !values.sandbox) throw new Error("--record records the sandbox: use it with --sandbox");
  const recordDir = values["no-record"] ? undefined : (values.record ?? defaultRecordDir());
  const target = values.sandbox
    ? await sandboxTarget(process.env, recordDir ? { recordDir } : {})
    : await emulatorTarget();
  if ("recording" in target && target.recording) console.log(`recording to ${target.recording}`);
  try {
    const skipped = values.sandbox ? workflows.filter((w) => w.sandboxSkip) : [];
    for (const w of skipped) console.log(`skipped on the sandbox: ${w.workflowId}: ${w.sandboxSkip}`);
    const { results, passed } = await runWorkflows(target, {
      workflows,
      only: values.workflow ?? [],
      skip: skipped.map((w) => w.workflowId),
      verbose: values.verbose ?? false,
      ...(values.verbose ? { onOutput: (/** @type {string} */ text) => process.stdout.write(text) } : {}),
    });
    for (const result of results) console.log(`${result.passed ? "pass" : "FAIL"} ${result.workflowId}`);
    for (const line of failures(results)) console.log(`  ${line}`);
    console.log(coverage(workflows, readStateRules()).line);
    if (values.coverage && "emulator" in target) console.log(saveCoverage(values.coverage, target.emulator.coverage()));
    process.exitCode = passed ? 0 : 1;
  } finally {
    await target.close();
  }
}

main().catch((error) => {
  console.error(`xads-workflows: ${error instanceof Error ? error.message : String(error)}`);
  console.error(USAGE);
  process.exit(1);
});
