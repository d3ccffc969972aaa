// One test per runtime: the smoke program, bundled for it, runs every step. Then the harness's own
// checks on workerd and Chromium: a program without the workspace packages runs there (so a failure
// of the smoke program on them is the packages', not the harness's), and a program that needs a Node
// built-in fails there, at the step that needs it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { SmokeReport } from "../smoke/report.js";
import { bundler, smokeOn } from "../src/run-smoke.js";
import { type Runtime, selectRuntimes } from "../src/runtimes.js";

const runtimes = selectRuntimes(process.env.XADS_RUNTIMES);
const SMOKE_STEPS = ["sign", "list with paging", "create", "batch", "upload", "validate"];
const TRIVIAL_STEPS = ["json", "web-crypto"];

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), "../test-results");
const outDir = mkdtempSync(join(tmpdir(), "xads-runtimes-"));
const bundleFor = bundler(outDir);
const summary: string[] = [];
afterAll(() => {
  // One line per runtime with its version, after vitest's own lines, and for the run's closing summary
  // (scripts/test-summary.mjs prints every package's test-results/summary.txt).
  if (summary.length > 0) console.log(summary.join("\n"));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, "summary.txt"), summary.map((line) => `${line}\n`).join(""));
  rmSync(outDir, { recursive: true, force: true });
});

function outcome(report: SmokeReport): string {
  const failed = report.steps.find((step) => !step.ok);
  return failed ? `FAILED at ${failed.name}: ${failed.error}` : "ok";
}

const passed = (steps: readonly string[]) => steps.map((name) => ({ name, ok: true }));
const byName = (list: readonly Runtime[]) => list.map((runtime) => [runtime.name, runtime] as const);

describe("the smoke program", () => {
  it.each(byName(runtimes))("%s", async (_, runtime) => {
    const [version, report] = await Promise.all([runtime.version(), smokeOn(runtime, "program", bundleFor)]);
    summary.push(`runtimes: ${version} ${outcome(report)}`);
    expect(report.steps, outcome(report)).toEqual(passed(SMOKE_STEPS));
    expect(report.runtime).toMatch(runtime.reportsAs);
  });
});

const webOnly = runtimes.filter((runtime) => runtime.target === "workerd" || runtime.target === "chromium");
// Only when XADS_RUNTIMES leaves out both is there nothing to check here.
if (webOnly.length > 0) {
  describe("the harness", () => {
    it.each(byName(webOnly))("%s runs a program without the workspace packages", async (_, runtime) => {
      const report = await smokeOn(runtime, "trivial", bundleFor);
      expect(report.steps, outcome(report)).toEqual(passed(TRIVIAL_STEPS));
      expect(report.runtime).toMatch(runtime.reportsAs);
    });

    it.each(byName(webOnly))(
      "%s has no Node built-ins: an import fails the bundle, a global its step",
      async (_, runtime) => {
        const imported = await smokeOn(runtime, "node-import", bundleFor);
        expect(imported.steps).toEqual([{ name: "bundle", ok: false, error: expect.stringMatching(/"node:crypto"/) }]);
        const global = await smokeOn(runtime, "node-global", bundleFor);
        expect(global.steps).toEqual([
          { name: "Buffer", ok: false, error: expect.stringMatching(/^ReferenceError: Buffer is not defined/) },
        ]);
      },
    );
  });
}
