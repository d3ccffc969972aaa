#!/usr/bin/env node
// xads-explore: the explorer from the command line. Without XADS_EXPLORE_BASE_URL it explores a fresh
// strict emulator in process; with it, whatever that URL serves, unsigned (the signing proxy in front
// of the real sandbox signs). The other XADS_EXPLORE_* variables are env.mjs's.
import { createEmulator } from "@xads/emulator";
import { optionsFromEnv } from "./env.mjs";
import { explore } from "./explore.mjs";
import { baseUrlTarget, emulatorTarget } from "./targets.mjs";

async function main() {
  const { baseUrl, seed, runs, steps, path, replayPath, overrides } = optionsFromEnv(process.env);
  const target = baseUrl ? baseUrlTarget(baseUrl) : emulatorTarget(await createEmulator({ auth: "strict" }));
  const report = await explore({
    target,
    overrides,
    // The real API's answers are read tolerantly, as the validator's default says for responses.
    strict: baseUrl === undefined,
    ...(seed !== undefined ? { seed } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(steps !== undefined ? { steps } : {}),
    ...(path !== undefined ? { path } : {}),
    ...(replayPath !== undefined ? { replayPath } : {}),
  });
  console.log(report.message);
  console.log(
    Object.entries(report.stats)
      .map(([what, n]) => `${what}: ${n}`)
      .join(", "),
  );
  process.exitCode = report.passed ? 0 : 1;
}

main().catch((error) => {
  console.error(`xads-explore: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
