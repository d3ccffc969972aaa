import { defineConfig } from "vitest/config";
import { summaryReporters } from "../../vitest.shared.mjs";

// Two projects: "prism" runs every suite against the Prism mocks (and the engine's unit tests);
// "emulator" runs the contract suites again against @xads/emulator behind `prism proxy --errors`
// (src/targets/emulator.ts, src/emulator-server.ts). One alone: `npx vitest run --project emulator`.
export default defineConfig({
  test: {
    reporters: summaryReporters,
    testTimeout: 20_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        test: { name: "prism", include: ["test/**/*.test.ts"], globalSetup: ["./src/global-setup.ts"] },
      },
      {
        extends: true,
        test: {
          name: "emulator",
          include: ["test/*/*.contract.test.ts"],
          exclude: ["test/engine/**"],
          globalSetup: ["./src/global-setup-emulator.ts"],
        },
      },
    ],
  },
});
