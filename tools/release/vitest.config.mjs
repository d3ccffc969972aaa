import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.mjs"],
    // The package-quality tests pack three packages and bundle the client: allow for a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
