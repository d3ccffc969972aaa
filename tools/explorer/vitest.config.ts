import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts"],
    // An exploration runs hundreds of requests in process; a loaded 2-core machine takes seconds.
    testTimeout: 120_000,
  },
});
