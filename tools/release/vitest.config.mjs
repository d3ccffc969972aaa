import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    include: ["test/**/*.test.mjs"],
    // The package-quality tests pack three packages and bundle the client: allow for a busy machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
