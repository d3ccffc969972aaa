// A program that imports a Node built-in. Bundled for workerd or Chromium it must not build: the
// harness's proof that those bundles get no Node built-ins.
import { createHash } from "node:crypto";
import { check, runSteps, type SmokeReport } from "./report.js";

export function run(): Promise<SmokeReport> {
  return runSteps(
    async () => ({}),
    [
      {
        name: "node:crypto",
        run: async () => {
          const hex = createHash("sha256").update("abc").digest("hex");
          check(hex.startsWith("ba7816bf"), `SHA-256 of "abc" gave ${hex}`);
        },
      },
    ],
  );
}
