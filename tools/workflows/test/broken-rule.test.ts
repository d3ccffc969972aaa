// Every emulator rule module is caught when broken: with it switched off (`disabledRules`, by a
// registry id it declares), the workflows whose `x-xads-state-rule` names one of its ids fail; a module
// no workflow catches names the emulator test file that fails without it. workflows.test.ts and the
// emulator's own suite show each passes with every rule on.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stateRuleImplementations } from "@xads/emulator";
import { describe, expect, it } from "vitest";
import { readWorkflows } from "../src/catalog.mjs";
import { failures } from "../src/respect.mjs";
import { runWorkflows } from "../src/run.mjs";
import { emulatorTarget } from "../src/targets.mjs";

const emulatorDir = join(dirname(fileURLToPath(import.meta.url)), "../../../packages/emulator");

/**
 * The rule modules no workflow catches (no workflow shows their ids, or the ones that do pass without
 * them), each with the emulator test file that fails without it.
 */
const EMULATOR_TESTS: Readonly<Record<string, string>> = {
  "line-item-of-campaign": "test/line-item-of-campaign.test.ts",
  "active-campaign-limit": "test/campaign-management.test.ts",
  // entityStatusTransitions moves the status, which the generic update does; this module adds the
  // PAUSED_BY_ADVERTISER reason the workflow does not read.
  "paused-not-servable": "test/campaign-management.test.ts",
  "audience-permission-owner": "test/audiences.test.ts",
  "card-type": "test/creatives.test.ts",
  "post-author": "test/creatives.test.ts",
  "media-from-upload": "test/creatives.test.ts",
  "scheduled-post": "test/creatives.test.ts",
};

const workflows = readWorkflows();
const modules = Object.entries(stateRuleImplementations);

/** @returns the emulator test file's failed-test count, with the rule off */
function emulatorFailures(file: string, disabled: string): { failed: number; output: string } {
  const run = spawnSync(join(emulatorDir, "node_modules/.bin/vitest"), ["run", file, "--reporter=default"], {
    cwd: emulatorDir,
    env: { ...process.env, XADS_TEST_DISABLED_RULES: disabled, NO_COLOR: "1", FORCE_COLOR: "0" },
    encoding: "utf8",
    timeout: 120_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  return { failed: Number(/Tests\s+(\d+) failed/.exec(output)?.[1] ?? 0), output };
}

describe("breaking a rule module in the emulator fails a workflow or its emulator test", () => {
  it("names only existing modules in EMULATOR_TESTS", () => {
    for (const name of Object.keys(EMULATOR_TESTS)) expect(Object.keys(stateRuleImplementations)).toContain(name);
  });

  it.each(modules)("%s (%j) is caught", async (name, ids) => {
    const disabled = ids[0] as string;
    const file = EMULATOR_TESTS[name];
    if (file) {
      const { failed, output } = emulatorFailures(file, disabled);
      expect(failed, `${file} with ${disabled} off:\n${output.slice(-2000)}`).toBeGreaterThan(0);
      return;
    }
    const shown = workflows.filter((w) => w.rule !== undefined && ids.includes(w.rule)).map((w) => w.workflowId);
    expect(
      shown,
      `no workflow shows ${ids.join(", ")}: name an emulator test for ${name} in EMULATOR_TESTS`,
    ).not.toEqual([]);
    const target = await emulatorTarget({ disabledRules: [disabled] });
    try {
      const { results } = await runWorkflows(target, { workflows, only: shown });
      const failed = failures(results.filter((r) => shown.includes(r.workflowId)));
      expect(failed.length, `${shown.join(", ")} passed with ${disabled} off`).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });
});
