// How long a Prism mock takes to answer its first request, per document, against the same
// measurement of a bare Node HTTP server (the cost of starting any Node process that listens).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { freePort } from "@xads/mock";
import { loadSpec } from "@xads/spec/lib/model.mjs";

const RUNS = 3;
// Prism parses and validates the whole bundle before it listens; more than ~40 bare Node starts
// would mean the suites, which start one mock per document, spend most of their time waiting.
const TARGET_RATIO = 40;

const mockRequire = createRequire(createRequire(import.meta.url).resolve("@xads/mock"));
const prismBin = join(dirname(mockRequire.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");
const bareServer = "require('node:http').createServer((q, s) => s.end()).listen(+process.argv[1], '127.0.0.1')";

export default async function run() {
  const baseline = await median(async () => {
    const port = await freePort();
    return timeToFirstAnswer(["-e", bareServer, String(port)], port);
  });
  /** @type {{ name: string, result: string, ratio: number, target: string, met?: boolean }[]} */
  const rows = [
    { name: "bare Node HTTP server (baseline)", result: ms(baseline), ratio: 1, target: "", met: undefined },
  ];
  for (const document of loadSpec().served()) {
    const time = await median(async () => {
      const port = await freePort();
      return timeToFirstAnswer([prismBin, "mock", document.bundlePath, "-p", String(port), "-h", "127.0.0.1"], port);
    });
    const ratio = time / baseline;
    rows.push({
      name: `Prism start: ${document.name} (${document.operations().length} operations)`,
      result: ms(time),
      ratio,
      target: `≤ ${TARGET_RATIO}× baseline`,
      met: ratio <= TARGET_RATIO,
    });
  }
  return rows;
}

/**
 * Spawns `node args`, polls the port every 20 ms until any HTTP answer, then stops the process.
 * @param {string[]} args
 * @param {number} port
 */
async function timeToFirstAnswer(args, port) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: "ignore" });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node ${args[0]} exited with ${child.exitCode}`);
      try {
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
        return performance.now() - started;
      } catch {
        if (performance.now() - started > 120_000) throw new Error(`no answer on port ${port} in 120 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  } finally {
    await /** @type {Promise<void>} */ (
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      })
    );
  }
}

/** @param {() => Promise<number>} measure */
async function median(measure) {
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await measure());
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
}

/** @param {number} value */
function ms(value) {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}
