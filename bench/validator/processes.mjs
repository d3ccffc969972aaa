// What a program pays to get a validator in a fresh Node process: the time and resident memory from
// before the first import to a validator ready to run, measured in child processes (medians of runs).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../statistics.mjs";

const benchDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Runs `body` (module code with top-level await) in `runs` fresh processes, as a module file (as a
 * program imports: the module loader is up; what is timed is the import itself).
 * @param {string} body
 * @param {number} [runs]
 * @returns {{ ms: number, mib: number }}
 */
export function freshProcess(body, runs = 7) {
  const script = `const r0 = process.memoryUsage().rss; const t0 = performance.now();
${body}
const ms = performance.now() - t0;
process.stdout.write(JSON.stringify({ ms, mib: (process.memoryUsage().rss - r0) / 1048576 }));`;
  /** @type {{ ms: number, mib: number }[]} */
  const samples = [];
  // Inside bench/, so that the script resolves packages as bench/ does.
  const dir = mkdtempSync(join(benchDir, ".measure-"));
  const file = join(dir, "measure.mjs");
  writeFileSync(file, script);
  try {
    for (let i = 0; i < runs; i++) {
      const out = execFileSync(process.execPath, [file], { cwd: benchDir, encoding: "utf8" });
      samples.push(JSON.parse(out));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ms: median(samples.map((s) => s.ms)), mib: median(samples.map((s) => s.mib)) };
}

/**
 * Ajv compiling `operations`' response schemas of the ads document (all statuses), with full formats.
 * @param {string[]} operations operationIds
 */
export function ajvCompiling(operations) {
  return `const { readFileSync } = await import("node:fs");
const { createRequire } = await import("node:module");
const require = createRequire(${JSON.stringify(join(benchDir, "package.json"))});
const { Ajv2020 } = await import("ajv/dist/2020.js");
const ajv = new Ajv2020({ strict: false, allErrors: true });
require("ajv-formats")(ajv, { mode: "full" });
const bundle = JSON.parse(readFileSync(require.resolve("@xads/spec/dist/ads.json"), "utf8"));
const rebase = (n) => Array.isArray(n) ? n.map(rebase) : n && typeof n === "object" ? Object.fromEntries(Object.entries(n).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? "https://xads.dev/ads.json" + v : rebase(v)])) : n;
ajv.addSchema({ $id: "https://xads.dev/ads.json", components: bundle.components });
const wanted = new Set(${JSON.stringify(operations)});
for (const item of Object.values(bundle.paths)) for (const op of Object.values(item)) {
  if (!wanted.has(op.operationId)) continue;
  for (const response of Object.values(op.responses)) {
    const schema = response.content?.["application/json"]?.schema;
    if (schema) ajv.compile(rebase(schema));
  }
}`;
}
