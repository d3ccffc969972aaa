// The explorer against the normal strict emulator: every sequence passes, with the seed of pnpm test or
// the one XADS_EXPLORE_SEED (and XADS_EXPLORE_PATH) names to replay a failure.
import { createEmulator } from "@xads/emulator";
import { describe, expect, it } from "vitest";
import { optionsFromEnv } from "../src/env.mjs";
import { DEFAULT_SEED, explore } from "../src/explore.mjs";
import { emulatorTarget } from "../src/targets.mjs";

const { seed, runs, steps, path, replayPath } = optionsFromEnv(process.env);

describe("exploring the strict emulator along the spec's links", () => {
  it("finds nothing: no 5xx, every answer documented and valid, the model's records as sent", async () => {
    const emulator = await createEmulator({ auth: "strict" });
    const report = await explore({
      target: emulatorTarget(emulator),
      ...(seed !== undefined ? { seed } : {}),
      ...(runs !== undefined ? { runs } : {}),
      ...(steps !== undefined ? { steps } : {}),
      ...(path !== undefined ? { path } : {}),
      ...(replayPath !== undefined ? { replayPath } : {}),
    });
    expect(report.passed, report.message).toBe(true);
  });

  it("runs every command of every resource with the fixed seed", async () => {
    const emulator = await createEmulator({ auth: "strict" });
    const report = await explore({ target: emulatorTarget(emulator), seed: DEFAULT_SEED });
    expect(report.passed, report.message).toBe(true);
    expect(report.runs).toBe(100);
    const commands = ["create", "read", "update", "delete", "list"];
    const expected = [
      ...["campaign", "line_item", "card", "custom_audience"].flatMap((r) => commands.map((c) => `${r} ${c}`)),
      "funding_instrument list",
    ].sort();
    expect(Object.keys(report.stats).sort()).toEqual(expected);
  });
});
