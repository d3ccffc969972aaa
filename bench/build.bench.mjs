// `pnpm build` from an empty turbo cache (cold: every task runs) against the same build again with
// that cache filled (cached: every task is replayed, "FULL TURBO"). A private cache directory keeps
// the repository's own cache out of both measurements.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// A cached build only hashes inputs and restores outputs: it should cost a few percent of a cold one.
const TARGET_RATIO = 0.1;

export default async function run() {
  const cacheDir = mkdtempSync(join(tmpdir(), "xads-turbo-cache-"));
  try {
    const cold = build(cacheDir);
    const cached = build(cacheDir);
    const fullTurbo = cached.output.includes("FULL TURBO");
    const ratio = cached.seconds / cold.seconds;
    // A cache miss is the build's fault only when the inputs are those of the cold run.
    const changed = [...cold.hashes].filter(([task, hash]) => cached.hashes.get(task) !== hash).map(([t]) => t);
    const verdict = fullTurbo
      ? ", FULL TURBO"
      : changed.length > 0
        ? `, inputs edited meanwhile: ${changed.join(" ")}`
        : ", not a full cache hit";
    return [
      { name: `cold pnpm build (${cold.tasks})`, result: seconds(cold.seconds), ratio: 1, target: "", met: undefined },
      {
        name: `cached pnpm build (${cached.tasks})`,
        result: `${seconds(cached.seconds)}${verdict}`,
        ratio,
        target: `≤ ${TARGET_RATIO}× cold, FULL TURBO`,
        met: fullTurbo && ratio <= TARGET_RATIO,
      },
    ];
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** @param {string} cacheDir */
function build(cacheDir) {
  const started = performance.now();
  const result = spawnSync(
    join(root, "node_modules/.bin/turbo"),
    ["run", "build", `--cache-dir=${cacheDir}`, "--output-logs=hash-only"],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", TURBO_TELEMETRY_DISABLED: "1", FORCE_COLOR: "0" },
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`pnpm build failed: ${output.trim().split("\n").slice(-5).join(" / ")}`);
  const tasks = /Tasks:\s+(\d+) successful, (\d+) total/.exec(output);
  const cachedCount = /Cached:\s+(\d+) cached/.exec(output);
  const hashes = new Map(
    [...output.matchAll(/^(\S+): cache (?:hit|miss)[^\n]*?([0-9a-f]{16})\s*$/gm)].map((m) => [m[1], m[2]]),
  );
  return { seconds, output, hashes, tasks: tasks ? `${tasks[2]} tasks, ${cachedCount?.[1] ?? "?"} cached` : "tasks ?" };
}

/** @param {number} value */
function seconds(value) {
  return `${value.toFixed(1)} s`;
}
