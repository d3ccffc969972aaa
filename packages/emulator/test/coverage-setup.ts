// Set up for every test file (vitest setupFiles): the emulators the file makes, whether through
// helpers.ts or createEmulator, merge their coverage into the run's file after the file's tests.
import { afterAll } from "vitest";
import { collectCoverage } from "../src/coverage-file.js";
import { coverageFile } from "./coverage-run.js";

if (coverageFile) {
  const collector = collectCoverage(coverageFile);
  afterAll(() => {
    collector.stop();
    collector.flush();
  });
}
