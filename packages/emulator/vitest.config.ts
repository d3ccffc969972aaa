import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

export default defineConfig({
  // The tests run the sources: `#serve` (package.json's imports, which name dist/) is the source too.
  resolve: { alias: { "#serve": fileURLToPath(new URL("./src/serve.ts", import.meta.url)) } },
  test: {
    reporters: summaryReporters,
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    // Every emulator a test makes adds its coverage to test-results/coverage.json (test/coverage-setup.ts).
    globalSetup: ["test/coverage-global-setup.ts"],
    setupFiles: ["test/coverage-setup.ts"],
  },
});
