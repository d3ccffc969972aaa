// Runs every bench/*.bench.mjs (or those named on the command line: `pnpm bench prism build`),
// prints one table and writes it to bench/results/latest.md with the date and the machine.
// Each bench default-exports `async function run()` returning rows
// `[{ name, result, ratio, target, met }]`: a result, its ratio to a baseline measured in the same
// run, the target for that ratio, and whether it is met.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, platform, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith(".bench.mjs"))
  .filter((file) => wanted.length === 0 || wanted.includes(file.slice(0, -".bench.mjs".length)))
  // The build bench goes first: it leaves every package built for the benches that import them.
  .sort((a, b) => Number(b === "build.bench.mjs") - Number(a === "build.bench.mjs") || a.localeCompare(b));
if (files.length === 0) {
  console.error(`bench: no bench/*.bench.mjs matches ${wanted.join(", ")}`);
  process.exit(1);
}

/** @type {{ bench: string, name: string, result: string, ratio?: number | string, target?: string, met?: boolean }[]} */
const rows = [];
let failed = false;
for (const file of files) {
  const bench = file.slice(0, -".bench.mjs".length);
  console.error(`bench: ${bench} ...`);
  const started = performance.now();
  try {
    const { default: run } = await import(pathToFileURL(join(here, file)).href);
    if (typeof run !== "function") throw new Error(`${file} has no default-exported run()`);
    for (const row of await run()) rows.push({ bench, ...row });
  } catch (error) {
    failed = true;
    rows.push({
      bench,
      name: "(failed)",
      result: String(error instanceof Error ? error.message : error).split("\n")[0] ?? "",
      met: false,
    });
  }
  console.error(`bench: ${bench} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const cpuList = cpus();
const machine = [
  `${cpuList[0]?.model.trim() ?? "unknown CPU"}, ${cpuList.length} cores`,
  `${Math.round(totalmem() / 2 ** 30)} GiB`,
  `${platform()} ${release()}`,
  `Node ${process.version}`,
].join("; ");
const date = new Date().toISOString().replace(/\.\d+Z$/, "Z");
const table = markdownTable(
  ["bench", "case", "result", "ratio", "target", "met"],
  rows.map((r) => [r.bench, r.name, r.result, formatRatio(r.ratio), r.target ?? "", metMark(r.met)]),
);
const report = `# Benchmark results\n\n${date}; ${machine}\n\n${table}\n`;
console.log(report);
mkdirSync(join(here, "results"), { recursive: true });
writeFileSync(join(here, "results/latest.md"), report);
console.error("bench: wrote bench/results/latest.md");
if (failed) process.exitCode = 1;

/** @param {number | string | undefined} ratio */
function formatRatio(ratio) {
  if (typeof ratio !== "number") return ratio ?? "";
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio >= 1 ? ratio.toFixed(1) : ratio.toPrecision(2)}×`;
}

/** @param {boolean | undefined} met */
function metMark(met) {
  if (met === true) return "yes";
  if (met === false) return "**no**";
  return "";
}

/**
 * @param {string[]} header
 * @param {unknown[][]} body
 */
function markdownTable(header, body) {
  const cells = [header, ...body].map((row) => row.map((cell) => String(cell ?? "").replaceAll("|", "\\|")));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => row[i]?.length ?? 0)));
  /** @param {string[]} row */
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head = [], ...rest] = cells;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rest.map(line)].join("\n");
}
