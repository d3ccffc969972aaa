// The file the emulator's own test run gathers its coverage in: test-results/coverage.json, or
// $XADS_COVERAGE_DIR/coverage.json to merge it with other suites' (scripts/test-summary.mjs reads
// both). A run with state rules switched off (XADS_TEST_DISABLED_RULES: tools/workflows' broken-rule
// test runs single files so) is not the project's figure and writes none.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { COVERAGE_DIR_VARIABLE } from "../src/coverage-file.js";

const ownDir = fileURLToPath(new URL("../test-results", import.meta.url));

/** Set: the file is shared with other runs (it is not emptied at the start). */
export const sharedCoverageDir = process.env[COVERAGE_DIR_VARIABLE];

export const coverageFile = process.env.XADS_TEST_DISABLED_RULES
  ? undefined
  : join(sharedCoverageDir || ownDir, "coverage.json");
