// One vocabulary of state rules: every id a rule module declares is in spec/workflows/state-rules.yaml,
// every showable rule there is implemented by a module or shown by a workflow, and the README's table
// is the one generated from them (compared, never rewritten).
import { readFileSync } from "node:fs";
import { stateRuleProblems } from "@xads/spec/lib/state-rules.mjs";
import { readStateRules, readWorkflows } from "@xads/spec/lib/workflows.mjs";
import { describe, expect, it } from "vitest";
import { readmePath, renderRulesTable, withTable } from "../scripts/rules-table.mjs";
import { stateRuleIds, stateRuleImplementations } from "../src/index.js";

const rules = readStateRules();
const workflows = readWorkflows();

describe("the state-rule registry and the rule modules", () => {
  it("agree: no unknown id, no showable rule left unimplemented and unshown", () => {
    expect(stateRuleProblems({ rules, workflows, implementations: stateRuleImplementations })).toEqual([]);
  });

  it("names an id a module declares that the registry lacks", () => {
    const implementations = { ...stateRuleImplementations, "made-up": ["no-such-registry-id"] };
    expect(stateRuleProblems({ rules, workflows, implementations })).toEqual([
      'rule module made-up implements "no-such-registry-id", which state-rules.yaml lacks',
    ]);
  });

  it("names a showable rule no module implements and no workflow shows", () => {
    const { "active-campaign-limit": _, ...implementations } = stateRuleImplementations;
    expect(stateRuleProblems({ rules, workflows, implementations })).toEqual([
      'showable state rule "active-campaign-limit": no emulator rule module implements it and no workflow shows it',
    ]);
  });

  it("names a module that declares no id", () => {
    const implementations = { ...stateRuleImplementations, silent: [] };
    expect(stateRuleProblems({ rules, workflows, implementations })).toEqual([
      "rule module silent declares no registry id (implements: [])",
    ]);
  });

  it("takes registry ids, each once", () => {
    expect(new Set(stateRuleIds).size).toBe(stateRuleIds.length);
    for (const id of stateRuleIds) expect(rules.map((rule) => rule.id)).toContain(id);
  });
});

describe("README.md's state-rules table", () => {
  it("is the generated one (node scripts/rules-table.mjs writes it)", () => {
    const readme = readFileSync(readmePath, "utf8");
    expect(withTable(readme, renderRulesTable(stateRuleImplementations))).toBe(readme);
  });

  it("would catch a hand edit", () => {
    const original = readFileSync(readmePath, "utf8");
    const readme = original.replace("| `line-items-share-type`", "| `line-items-same`");
    expect(readme).not.toBe(original);
    expect(withTable(readme, renderRulesTable(stateRuleImplementations))).not.toBe(readme);
  });
});
