import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts"],
    testTimeout: 90_000,
    // The end-to-end cases each start four Prism processes; one file at a time keeps a 2-core machine responsive.
    fileParallelism: false,
  },
});
