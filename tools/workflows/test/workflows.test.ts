// Every workflow of spec/workflows, run by respect against a fresh strict emulator behind the signing
// proxy: each must pass (every step's criteria, status, content type and schema), and every showable
// state rule must have one or an emulator rule module that implements it.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { stateRuleImplementations } from "@xads/emulator";
import { writeCoverageFiles } from "@xads/emulator/coverage-file";
import { stateRuleProblems } from "@xads/spec/lib/state-rules.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import { coverage, readStateRules, readWorkflows } from "../src/catalog.mjs";
import { failures, type WorkflowResult } from "../src/respect.mjs";
import { runWorkflows } from "../src/run.mjs";
import { emulatorTarget } from "../src/targets.mjs";

const workflows = readWorkflows();
const rules = readStateRules();
let results: WorkflowResult[] = [];
let target: Awaited<ReturnType<typeof emulatorTarget>>;

beforeAll(async () => {
  target = await emulatorTarget();
  ({ results } = await runWorkflows(target, { workflows }));
}, 600_000);
afterAll(async () => {
  await target?.close();
  // The workflows' coverage of the API's rules, which scripts/test-summary.mjs merges with the other suites'.
  if (target)
    writeCoverageFiles(
      fileURLToPath(new URL("../test-results/coverage.json", import.meta.url)),
      target.emulator.coverage(),
    );
  console.log(coverage(workflows, rules).line);
});

describe("the workflows against the emulator", () => {
  it.each(workflows.map((w) => [w.workflowId, w] as const))("%s passes", (id) => {
    const result = results.find((r) => r.workflowId === id);
    expect(result, `respect reported nothing for ${id}`).toBeDefined();
    expect(failures(result ? [result] : []), `failed checks of ${id}`).toEqual([]);
    expect(result?.passed).toBe(true);
  });

  it("signs every request strictly: the emulator saw no unsigned or badly signed request", () => {
    const refused = target.emulator.requests.filter(
      (entry) => entry.status === 401 && !String(entry.url).includes("invalidate_token"),
    );
    expect(refused.map((entry) => `${entry.method} ${entry.url}`)).toEqual([]);
  });
});

describe("coverage", () => {
  it("every showable state rule has a workflow or an emulator rule module; every other rule says why not", () => {
    expect(stateRuleProblems({ rules, workflows, implementations: stateRuleImplementations })).toEqual([]);
    const { uncovered, flows } = coverage(workflows, rules);
    // The rules no workflow shows yet are implemented by a rule module (broken-rule.test.ts names its test).
    for (const rule of uncovered) expect(Object.values(stateRuleImplementations).flat(), rule.id).toContain(rule.id);
    expect(flows).toBeGreaterThanOrEqual(5);
    for (const rule of rules.filter((r) => !r.showable)) expect(rule.why?.length ?? 0, rule.id).toBeGreaterThan(20);
  });

  it("every workflow cites its seed section or the facts file in a `# Sources:` comment, not in its description", () => {
    for (const w of workflows) {
      expect(sourcesComment(w.file, w.workflowId), w.workflowId).toMatch(/^\s*Sources:[\s\S]*(seed 00\d|facts file)/i);
      expect(w.description, w.workflowId).not.toMatch(/\bseeds?\b|facts file/i);
    }
  });
});

/**
 * The comment above a workflow's `description` (README convention 12: where a fact came from is for
 * maintainers, in a `# Sources:` comment), or "" when it has none.
 */
function sourcesComment(file: string, workflowId: string): string {
  const all = parseDocument(readFileSync(file, "utf8")).get("workflows");
  if (!isSeq(all)) return "";
  const workflow = all.items.find((item) => isMap(item) && item.get("workflowId") === workflowId);
  if (!isMap(workflow)) return "";
  const description = workflow.items.find((pair) => isScalar(pair.key) && pair.key.value === "description");
  return isScalar(description?.key) ? (description.key.commentBefore ?? "") : "";
}
