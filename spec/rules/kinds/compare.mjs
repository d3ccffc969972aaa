// compare: two places compared with an operator, when both are present.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {Record<string, string>} */
const OPERATORS = { "<": "<", "<=": "≤", ">": ">", ">=": "≥", "==": "=", "!=": "≠" };

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "compare",
  schema: {
    required: ["left", "operator", "right"],
    properties: {
      left: ref,
      operator: { enum: ["<", "<=", ">", ">=", "==", "!="] },
      right: ref,
    },
  },
  references: { left: "reference", right: "reference" },
  defaults: {},
  describe: (rule) =>
    `${code(rule.left)} ${OPERATORS[rule.operator] ?? rule.operator} ${code(rule.right)} when both are present`,
  example: {
    id: "daily-budget-within-total",
    kind: "compare",
    description: "The daily budget must be less than or equal to the total budget.",
    error: "INVALID_PARAMETER",
    left: "query.daily_budget_amount_local_micro",
    operator: "<=",
    right: "query.total_budget_amount_local_micro",
  },
  runtime: "compare",
  readme: {
    fields: "`left`, `operator` (`<` `<=` `>` `>=` `==` `!=`), `right`",
    meaning: "when both are present, `left operator right` holds",
    error: "INVALID_PARAMETER",
    holds: "both sides present: `left operator right` (numbers; timestamps as instants; strings; `==`/`!=` deep)",
  },
};
