// max-total-items: lists that together hold at most a number of items.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "max-total-items",
  schema: {
    required: ["parameters", "max"],
    properties: {
      parameters: { type: "array", minItems: 2, items: ref },
      max: { type: "integer", minimum: 0 },
    },
  },
  references: { parameters: "list" },
  defaults: {},
  describe: (rule) => `${rule.parameters.map(code).join(" + ")} hold at most ${rule.max} items together`,
  example: {
    id: "at-most-ten-keywords",
    kind: "max-total-items",
    description: "`keywords` and `negative_keywords` together hold at most 10 keywords.",
    error: "INVALID_PARAMETER",
    parameters: ["query.keywords", "query.negative_keywords"],
    max: 10,
  },
  runtime: "max-total-items",
  readme: {
    fields: "`parameters`, `max`",
    meaning: "the items of these lists together are at most `max`",
    error: "INVALID_PARAMETER",
    holds: "the lists together have at most `max` items",
  },
};
