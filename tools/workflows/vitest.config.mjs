import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts", "test/**/*.test.mjs"],
    testTimeout: 240_000,
    // Each file runs respect (a Node 24 process) against its own emulator; one at a time on 2 cores.
    fileParallelism: false,
  },
});
