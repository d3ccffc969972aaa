import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts"],
    // The drill replays the workflows' traffic once per plant (about 40) on a loaded 2-core machine.
    testTimeout: 120_000,
  },
});
