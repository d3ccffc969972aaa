// Sums the JSON reports that every vitest suite writes to test-results/vitest.json and prints one
// closing line, "N passed, N failed", so that the whole run's count is readable at a glance. Lines a
// suite wants in that summary (the runtime matrix's, one per runtime) come from its
// test-results/summary.txt, printed before the count.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ["packages", "apps", "tools"]) {
  for (const name of readdirSync(join(root, group))) {
    const lines = join(root, group, name, "test-results/summary.txt");
    if (existsSync(lines)) process.stdout.write(readFileSync(lines, "utf8"));
    const report = join(root, group, name, "test-results/vitest.json");
    if (!existsSync(report)) continue;
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || passed === 0) process.exit(1);
