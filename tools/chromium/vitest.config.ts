import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
