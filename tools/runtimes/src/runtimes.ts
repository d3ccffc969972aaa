// The matrix: each runtime, the bundle it runs, how it runs one and how it tells its version.
import { chromiumExecutable } from "@xads/chromium";
import type { SmokeReport } from "../smoke/report.js";
import { binaries } from "./binaries.js";
import type { BundleTarget } from "./bundle.js";
import { runOnChromium } from "./run-chromium.js";
import { runOnProcess, versionOf } from "./run-process.js";
import { runOnWorkerd } from "./run-workerd.js";

export interface Runtime {
  /** The test's name, which `-t` filters on. */
  name: string;
  target: BundleTarget;
  /** What the program must report as its runtime, proving that the bundle ran where it was meant to. */
  reportsAs: RegExp;
  version(): Promise<string>;
  run(bundleFile: string): Promise<SmokeReport>;
}

const onNode = (name: string, binary: () => string, major: string): Runtime => ({
  name,
  target: "node",
  reportsAs: new RegExp(`^node ${major}\\.`),
  version: async () => `node ${(await versionOf(binary())).replace(/^v/, "")}`,
  run: (file) => runOnProcess(binary(), [file]),
});

const testRunnerMajor = process.versions.node.split(".")[0] ?? "";

export const RUNTIMES: readonly Runtime[] = [
  onNode(`node ${testRunnerMajor} (the test runner's)`, binaries.testRunnerNode, testRunnerMajor),
  onNode("node 22", binaries.node22, "22"),
  onNode("node 24", binaries.node24, "24"),
  {
    name: "bun",
    target: "bun",
    reportsAs: /^bun \d/,
    version: async () => `bun ${await versionOf(binaries.bun())}`,
    run: (file) => runOnProcess(binaries.bun(), [file]),
  },
  {
    name: "deno",
    target: "deno",
    reportsAs: /^deno \d/,
    version: async () => (await versionOf(binaries.deno())).split(" ").slice(0, 2).join(" "),
    // No permission flags: the program runs in process and must need none.
    run: (file) => runOnProcess(binaries.deno(), ["run", "--no-prompt", file]),
  },
  {
    name: "workerd",
    target: "workerd",
    reportsAs: /^workerd$/,
    version: () => versionOf(binaries.workerd()),
    run: (file) => runOnWorkerd(binaries.workerd(), file),
  },
  {
    name: "chromium",
    target: "chromium",
    reportsAs: /^chromium \d/,
    version: async () => (await versionOf(await chromiumExecutable())).toLowerCase(),
    run: runOnChromium,
  },
];

/**
 * The runtimes that `filter` (XADS_RUNTIMES: comma-separated names or their beginnings, such as
 * `bun,node 22`) selects, or all without one. A name that selects nothing is refused, so that a typo
 * does not pass as a run with nothing in it.
 */
export function selectRuntimes(filter: string | undefined): readonly Runtime[] {
  const wanted = (filter ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  if (wanted.length === 0) return RUNTIMES;
  const selects = (name: string) => (runtime: Runtime) => runtime.name.startsWith(name);
  const unknown = wanted.filter((name) => !RUNTIMES.some(selects(name)));
  if (unknown.length > 0) {
    const known = RUNTIMES.map((runtime) => runtime.name).join(", ");
    throw new Error(`XADS_RUNTIMES: ${unknown.join(", ")} selects no runtime (the runtimes: ${known})`);
  }
  return RUNTIMES.filter((runtime) => wanted.some((name) => selects(name)(runtime)));
}
