import type { Rule } from "@xads/spec/lib/operations.mjs";
import { createRegistry, registry } from "@xads/spec/rules/index.mjs";
import { describe, expect, it } from "vitest";
import { ruleCheck, rulesSection } from "../src/rules.mjs";

const base = { id: "r", description: "D.", error: "INVALID_PARAMETER" };

describe("x-rules on the operation page", () => {
  it.each([
    [
      { kind: "compare", left: "query.a", operator: "<=", right: "query.b" },
      "`query.a` ≤ `query.b` when both are present",
    ],
    [{ kind: "exclusive", parameters: ["query.a", "query.b"] }, "at most one of `query.a`, `query.b`"],
    // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
    [{ kind: "requires", if: "query.a", then: ["query.b", "query.c"] }, "`query.a` requires `query.b`, `query.c`"],
    [
      {
        kind: "conditional",
        if: { parameter: "query.t", equals: "X" },
        // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
        then: { parameter: "query.c", minItems: 1, maxItems: 2 },
      },
      'when `query.t` = `"X"`: `query.c` has 1 to 2 items',
    ],
    [
      { kind: "max-total-items", parameters: ["query.a", "query.b"], max: 10 },
      "`query.a` + `query.b` hold at most 10 items together",
    ],
    [
      { kind: "time-window", start: "query.s", end: "query.e", max: "P7D", endDefaultsToNow: true },
      "`query.e` − `query.s` is between 0 and `P7D` (`query.e` defaults to now)",
    ],
    [
      { kind: "max-ahead", parameter: "query.t", max: "P13M", exclusive: true },
      "`query.t` is less than `P13M` from now",
    ],
    [{ kind: "max-body-bytes", max: 5000000 }, "the serialized body is at most 5,000,000 bytes"],
    [
      { kind: "max-tree-leaves", parameter: "body", children: "and", max: 100 },
      "`body` has at most 100 leaves (children in `and`)",
    ],
    [
      { kind: "uniform", items: "body[]", groupBy: "params.campaign_id", fields: ["params.objective"] },
      "items of `body[]` with the same `params.campaign_id` agree on `params.objective`",
    ],
    [
      {
        kind: "media-keys-mix",
        parameter: "query.media_keys",
        prefixes: { image: ["3_"] },
        limits: { image: 4, video: 1 },
      },
      "`query.media_keys` holds keys of one kind only, at most 4 image, 1 video",
    ],
  ])("renders %o", (rule, text) => {
    expect(ruleCheck({ ...base, ...rule })).toBe(text);
  });

  it("lists each rule with its description and error, and is empty without rules", () => {
    const section = rulesSection([
      { ...base, kind: "exclusive", parameters: ["query.a", "query.b"], error: "EXCLUSIVE_PARAMETERS" },
    ]);
    expect(section).toContain("**Cross-field rules**");
    expect(section).toContain("- D.<br>Check: at most one of `query.a`, `query.b`. Error: `EXCLUSIVE_PARAMETERS`.");
    expect(rulesSection([])).toBe("");
  });

  it("reads a kind added through the registry (spec/rules/) with the kind's own sentence", () => {
    const [exclusive] = registry.kinds.filter((kind) => kind.name === "exclusive");
    if (!exclusive) throw new Error("exclusive is a kind of the spec");
    const throwAway = {
      ...exclusive,
      name: "at-least-one",
      describe: (rule: Rule) => `at least one of ${rule.parameters.join(" or ")}`,
      example: { ...exclusive.example, kind: "at-least-one" },
    };
    const rule = { ...base, kind: "at-least-one", parameters: ["query.a", "query.b"] };
    expect(rulesSection([rule], createRegistry([...registry.kinds, throwAway]))).toContain(
      "Check: at least one of query.a or query.b.",
    );
    expect(ruleCheck(rule)).toBe("`at-least-one` rule");
  });
});
