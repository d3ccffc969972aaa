// Once per run (vitest globalSetup): the run's own coverage file starts empty; a shared one
// ($XADS_COVERAGE_DIR) is left to whoever made it.
import { rmSync } from "node:fs";
import { coverageHtmlPath } from "../src/coverage-file.js";
import { coverageFile, sharedCoverageDir } from "./coverage-run.js";

export default function setup() {
  if (sharedCoverageDir || !coverageFile) return;
  rmSync(coverageFile, { force: true });
  rmSync(coverageHtmlPath(coverageFile), { force: true });
}
