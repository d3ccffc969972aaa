#!/usr/bin/env node
// Records the drill's flows: every workflow of spec/workflows run once against a fresh strict
// emulator (the emulator's own flight recorder), written to test/fixtures/workflows.har.gz. The drill
// sends these requests again to each planted "real API" instead of running respect ~40 times.
// Run it again when the workflows change: `pnpm --filter @xads/truth drill-flows`. The refusals the
// workflows never provoke are recorded beside it by record-refusal-flows.mjs.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { runWorkflows } from "@xads/workflows/src/run.mjs";
import { emulatorTarget } from "@xads/workflows/src/targets.mjs";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "workflows.har.gz");
// A real-time clock (upload processing takes time); the drill replays on a virtual one moved to each
// entry's recorded time, as the emulator's `replay --check` does.
const target = await emulatorTarget();
const recording = target.emulator.record();
try {
  const { results, passed } = await runWorkflows(target);
  for (const result of results) if (!result.passed) console.error(`FAIL ${result.workflowId}`);
  if (!passed) process.exitCode = 1;
} finally {
  await target.close();
}
const har = recording.stop();
writeFileSync(out, gzipSync(JSON.stringify(har)));
console.log(`${har.log.entries.length} exchanges -> ${out}`);
