import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts"],
    // A first Chromium run unpacks the browser (a few seconds on a loaded 2-core machine).
    testTimeout: 90_000,
    hookTimeout: 30_000,
  },
});
