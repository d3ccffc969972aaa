// A workflow catches its rule: with that state rule switched off in the emulator (`disabledRules`),
// the workflow that shows it fails, at the step that checks it (workflows.test.ts shows each passes
// with every rule on).
import { describe, expect, it } from "vitest";
import { readWorkflows } from "../src/catalog.mjs";
import { failures } from "../src/respect.mjs";
import { runWorkflows } from "../src/run.mjs";
import { emulatorTarget } from "../src/targets.mjs";

/** Workflow -> the emulator rule (src/rules/<id>.ts) that implements what it shows, and the step that sees it. */
const BROKEN = [
  ["flexibleAudienceImmutable", "flexible-audience-immutable", "updateFlexibleAudience"],
  ["doNotReachOnePerAccount", "do-not-reach-one-per-account", "createSecondList"],
  ["sandboxFundingInstrumentDelete", "funding-instrument-deleted", "deleteFundingInstrument"],
  ["lineItemsShareType", "line-items-share-type", "otherObjective"],
  ["customAudienceNameUnique", "custom-audience-name-unique", undefined],
  ["cardUriShape", "card-uri", undefined],
] as const;

const workflows = readWorkflows();

describe("breaking a rule in the emulator fails its workflow", () => {
  it.each(BROKEN)("%s fails without %s", async (workflowId, rule, step) => {
    expect(workflows.some((w) => w.workflowId === workflowId)).toBe(true);
    const target = await emulatorTarget({ disabledRules: [rule] });
    try {
      const { results, passed } = await runWorkflows(target, { workflows, only: [workflowId] });
      expect(passed).toBe(false);
      const failed = failures(results.filter((r) => r.workflowId === workflowId));
      expect(failed.length).toBeGreaterThan(0);
      if (step)
        expect(
          failed.some((line) => line.startsWith(`${workflowId} / ${step}:`)),
          failed.join("\n"),
        ).toBe(true);
    } finally {
      await target.close();
    }
  });
});
