// conditional: when a condition on one place holds, a condition on another holds.
import { code } from "../markdown.mjs";
import { condition } from "../schema.mjs";

/** @typedef {import("../../lib/operations.mjs").Node} Node */

/** @param {Node} c */
function formatCondition(c) {
  const p = code(c.parameter);
  if ("present" in c) return c.present ? `${p} is present` : `${p} is absent`;
  if ("equals" in c) return `${p} = ${code(JSON.stringify(c.equals))}`;
  if ("in" in c) return `${p} is one of ${c.in.map((/** @type {unknown} */ v) => code(JSON.stringify(v))).join(", ")}`;
  if ("minItems" in c && "maxItems" in c) return `${p} has ${c.minItems} to ${c.maxItems} items`;
  if ("minItems" in c) return `${p} has at least ${c.minItems} items`;
  if ("maxItems" in c) return `${p} has at most ${c.maxItems} items`;
  return p;
}

/** @param {Node | Node[]} value */
function conditions(value) {
  return (Array.isArray(value) ? value : [value]).map(formatCondition).join(" and ");
}

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "conditional",
  schema: {
    required: ["if", "then"],
    properties: {
      if: condition,
      // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
      then: condition,
    },
  },
  references: {
    if: "condition",
    // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
    then: "condition",
  },
  defaults: {},
  describe: (rule) => `when ${conditions(rule.if)}: ${conditions(rule.then)}`,
  example: {
    id: "standard-delivery-needs-campaign-optimization",
    kind: "conditional",
    description: "standard_delivery is available only when budget_optimization is CAMPAIGN.",
    error: "INVALID_PARAMETER",
    if: { parameter: "query.standard_delivery", present: true },
    // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
    then: { parameter: "query.budget_optimization", equals: "CAMPAIGN" },
  },
  runtime: "conditional",
  readme: {
    fields: "`if`, `then`: each `{parameter, present \\| equals \\| in \\| minItems \\| maxItems}`",
    meaning: "when `if` holds, `then` holds",
    error: "INVALID_PARAMETER",
    holds:
      "`if` condition holds: the `then` condition holds. A condition tests `present`, `equals`, `in`, `minItems`, `maxItems`; a value test on an absent value without default does not apply",
  },
};
