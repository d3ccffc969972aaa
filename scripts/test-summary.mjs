// Sums the JSON reports that every vitest suite writes to test-results/vitest.json and prints one
// closing line, "N passed, N failed", so that the whole run's count is readable at a glance. Lines a
// suite wants in that summary (the runtime matrix's, one per runtime) come from its
// test-results/summary.txt, printed before the count, and so does the coverage of the API's rules: every
// suite's test-results/coverage.json (the emulator's report), merged by @xads/emulator's own merge.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
let passed = 0;
let failed = 0;
let skipped = 0;
/** @type {Array<{ suite: string, report: unknown }>} */
const coverageReports = [];
for (const group of ["packages", "apps", "tools"]) {
  for (const name of readdirSync(join(root, group))) {
    const lines = join(root, group, name, "test-results/summary.txt");
    if (existsSync(lines)) process.stdout.write(readFileSync(lines, "utf8"));
    const coverage = join(root, group, name, "test-results/coverage.json");
    if (existsSync(coverage))
      coverageReports.push({ suite: `${group}/${name}`, report: JSON.parse(readFileSync(coverage, "utf8")) });
    const report = join(root, group, name, "test-results/vitest.json");
    if (!existsSync(report)) continue;
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
  }
}
if (coverageReports.length > 0) console.log(await coverageLine(coverageReports));
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || passed === 0) process.exit(1);

/**
 * The merged reports' summary line, naming the suites; the merge is the built emulator's (mergeCoverage,
 * dist/api-coverage/merge.js), so the line is exactly what one report of all the traffic would say.
 * @param {Array<{ suite: string, report: unknown }>} reports
 */
async function coverageLine(reports) {
  const suites = reports.map((r) => r.suite).join(", ");
  const merge = join(root, "packages/emulator/dist/api-coverage/merge.js");
  if (!existsSync(merge))
    return `coverage: ${reports.length} reports (${suites}), not merged: build @xads/emulator first`;
  const { mergeCoverage } = await import(pathToFileURL(merge).href);
  const merged = /** @type {{ summary: { line: string } }} */ (
    reports.map((r) => r.report).reduce((a, b) => mergeCoverage(a, b))
  );
  return `${merged.summary.line} (${suites})`;
}
