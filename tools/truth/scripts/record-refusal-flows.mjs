#!/usr/bin/env node
// Records the drill's extra flows (refusal-flows.mjs: the refusals of the state rules the workflows
// never provoke) against a fresh strict emulator, as record-drill-flows.mjs records the workflows,
// into test/fixtures/refusals.har.gz. Run it again when those flows or the rules change:
// `pnpm --filter @xads/truth drill-refusals`.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { emulatorTarget } from "@xads/workflows/src/targets.mjs";
import { runRefusalFlows } from "./refusal-flows.mjs";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "refusals.har.gz");
const target = await emulatorTarget();
const recording = target.emulator.record();
try {
  await runRefusalFlows(/** @type {string} */ (target.servers.ads));
} finally {
  await target.close();
}
const har = recording.stop();
writeFileSync(out, gzipSync(JSON.stringify(har)));
console.log(`${har.log.entries.length} exchanges -> ${out}`);
