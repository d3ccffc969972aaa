// @xads/validator against its peers, in one run, on the figures its issue set (each a ratio to a
// baseline measured in the same run):
// (a) the package's unpacked size, vs Ajv with its runtime dependencies;
// (b) importing the package in a fresh process, vs Ajv compiling five operations at start;
// (c) importing one operation's module, vs Ajv compiling that operation;
// (d) validating a 1,000-campaign listCampaigns page as a share of JSON.parse of its bytes, with every
//     format checked, next to Ajv (with and without formats), zod and TypeBox on the same shape.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { validateResponse } from "@xads/validator";
import { Bench } from "tinybench";
import { statistics } from "./statistics.mjs";
import { pageText } from "./validator/campaigns.mjs";
import { ajvList, typeboxList, zodList } from "./validator/peers.mjs";
import { ajvCompiling, freshProcess } from "./validator/processes.mjs";

const RECORDS = 1000;
const require = createRequire(import.meta.url);
const FIVE = ["listCampaigns", "getCampaign", "createCampaign", "listLineItems", "createLineItem"];

/** @param {string} dir */
function directoryBytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    total += stat.isDirectory() ? (name === "node_modules" ? 0 : directoryBytes(path)) : stat.size;
  }
  return total;
}

/**
 * The bytes of a package's directory, resolved from `from` (a package's own dependencies resolve from it).
 * @param {string} name
 * @param {NodeRequire} [from]
 */
function packageBytes(name, from = require) {
  let dir = dirname(from.resolve(name));
  while (!existsSync(join(dir, "package.json")) || !dir.endsWith(name.split("/").at(-1) ?? name)) dir = dirname(dir);
  return directoryBytes(dir);
}

/** The validator's unpacked size as npm packs it. */
function validatorBytes() {
  const dir = dirname(require.resolve("@xads/validator/package.json"));
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir, encoding: "utf8" });
  const [packed] = /** @type {{ unpackedSize: number, entryCount: number }[]} */ (JSON.parse(out));
  if (!packed) throw new Error("npm pack --dry-run listed no package");
  return packed;
}

/** @param {number} bytes */
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

export default async function run() {
  const rows = [];

  const ours = validatorBytes();
  const fromAjv = createRequire(require.resolve("ajv"));
  const ajvDeps = ["fast-deep-equal", "fast-uri", "json-schema-traverse", "require-from-string"];
  const ajvBytes = ajvDeps.reduce((sum, name) => sum + packageBytes(name, fromAjv), packageBytes("ajv"));
  rows.push({
    name: "(a) package unpacked (npm pack) vs Ajv with its runtime dependencies",
    result: `${mb(ours.unpackedSize)}, ${ours.entryCount} files vs ${mb(ajvBytes)}; zod ${mb(packageBytes("zod"))}, TypeBox ${mb(packageBytes("@sinclair/typebox"))}`,
    ratio: Number((ours.unpackedSize / ajvBytes).toFixed(2)),
    target: "<= 1.5 MB",
    met: ours.unpackedSize <= 1.5e6,
  });

  // Modules are imported by their resolved file URL: what is timed is loading them, not Node's
  // package resolver warming up (which the floor, an empty module, would not pay either).
  const url = (/** @type {string} */ specifier) => JSON.stringify(import.meta.resolve(specifier));
  const floor = freshProcess(
    `await import(${JSON.stringify(new URL("./validator/empty.mjs", import.meta.url).href)});`,
    11,
  );
  const packageImport = freshProcess(`await import(${url("@xads/validator")});`);
  const ajvFive = freshProcess(ajvCompiling(FIVE));
  rows.push({
    name: "(b) import @xads/validator, fresh process, vs Ajv compiling 5 operations",
    result: `${packageImport.ms.toFixed(1)} ms +${packageImport.mib.toFixed(1)} MiB vs ${ajvFive.ms.toFixed(0)} ms +${ajvFive.mib.toFixed(1)} MiB (an empty module: ${floor.ms.toFixed(1)} ms)`,
    ratio: Number((packageImport.ms / ajvFive.ms).toFixed(3)),
    target: "<= 60 ms and 10 MiB",
    met: packageImport.ms <= 60 && packageImport.mib <= 10,
  });

  const oneImport = freshProcess(`await import(${url("@xads/validator/operations/listCampaigns")});`, 11);
  const ajvOne = freshProcess(ajvCompiling(["listCampaigns"]));
  rows.push({
    name: "(c) import one operation (listCampaigns), fresh process, vs Ajv compiling it",
    result: `${oneImport.ms.toFixed(1)} ms +${oneImport.mib.toFixed(1)} MiB vs ${ajvOne.ms.toFixed(0)} ms (an empty module: ${floor.ms.toFixed(1)} ms)`,
    ratio: Number((oneImport.ms / ajvOne.ms).toFixed(3)),
    target: "<= 3 ms",
    met: oneImport.ms <= 3,
  });

  const bytes = pageText(RECORDS);
  const page = JSON.parse(bytes);
  const ajvFormats = ajvList({ formats: true });
  const ajvStructure = ajvList({ formats: false });
  const typebox = typeboxList();
  const checks = {
    "@xads/validator": () => validateResponse("listCampaigns", 200, page).valid,
    "Ajv, structure only": () => ajvStructure(page),
    "Ajv with ajv-formats": () => ajvFormats(page),
    "zod 4": () => zodList.safeParse(page).success,
    TypeBox: () => typebox.Check(page),
  };
  for (const [name, check] of Object.entries(checks)) {
    if (check() !== true) throw new Error(`${name} rejects the benchmark page`);
  }
  const bench = new Bench({ time: 1500, warmupTime: 300 });
  bench.add("JSON.parse", () => JSON.parse(bytes));
  for (const [name, check] of Object.entries(checks)) bench.add(name, check);
  await bench.run();
  // Medians: on a shared machine the means are dominated by scheduling and GC outliers.
  /** @param {string} name */
  const p50 = (name) => statistics(bench.getTask(name)).latency.p50; // ms
  const parse = p50("JSON.parse");
  const share = (/** @type {string} */ name) => p50(name) / parse;
  const kb = (bytes.length / 1024).toFixed(0);
  rows.push({
    name: `(d) validate a ${RECORDS}-campaign page (${kb} KiB), every format checked, as a share of its JSON.parse`,
    result: `${p50("@xads/validator").toFixed(3)} ms vs ${parse.toFixed(3)} ms (${(share("@xads/validator") * 100).toFixed(1)}%)`,
    ratio: Number(share("@xads/validator").toFixed(3)),
    target: "<= 0.05×",
    met: share("@xads/validator") <= 0.05,
  });
  for (const peer of ["Ajv, structure only", "Ajv with ajv-formats", "zod 4", "TypeBox"]) {
    rows.push({
      name: `(d) the same page with ${peer}, as a share of JSON.parse (ratio: its time over ours)`,
      result: `${p50(peer).toFixed(3)} ms (${(share(peer) * 100).toFixed(1)}%)`,
      ratio: Number((p50(peer) / p50("@xads/validator")).toFixed(2)),
      target: ">= 1× (ours no slower)",
      met: p50(peer) >= p50("@xads/validator"),
    });
  }
  return rows;
}
