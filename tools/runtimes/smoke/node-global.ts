// A program that reads Node's Buffer global. On workerd (without nodejs_compat) and in Chromium it
// must fail at that step: the harness's proof that nothing adds Node's globals there.
import { check, runSteps, type SmokeReport } from "./report.js";

export function run(): Promise<SmokeReport> {
  return runSteps(
    async () => ({}),
    [
      {
        name: "Buffer",
        run: async () => {
          const base64 = Buffer.from("abc").toString("base64");
          check(base64 === "YWJj", `"abc" in base64 gave ${base64}`);
        },
      },
    ],
  );
}
