// The harness's own check: a program with no workspace package in it, which every runtime must run.
// When it fails, the harness (bundling, starting the runtime, reading the report) is at fault, not the
// packages under test.
import { check, runSteps, type SmokeReport } from "./report.js";

export function run(): Promise<SmokeReport> {
  return runSteps(
    async () => ({}),
    [
      {
        name: "json",
        run: async () => {
          const answer = new Response(JSON.stringify({ ok: [1, 2] }), {
            headers: { "content-type": "application/json" },
          });
          const body = (await answer.json()) as { ok: number[] };
          check(body.ok.length === 2, `a Response's JSON read back as ${JSON.stringify(body)}`);
        },
      },
      {
        name: "web-crypto",
        run: async () => {
          const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode("abc"));
          const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
          check(hex.startsWith("ba7816bf"), `SHA-256 of "abc" gave ${hex}`);
        },
      },
    ],
  );
}
