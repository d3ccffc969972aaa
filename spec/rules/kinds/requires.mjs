// requires: when one place is present, others are too.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "requires",
  schema: {
    required: ["if", "then"],
    properties: {
      if: ref,
      // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
      then: { type: "array", minItems: 1, items: ref },
    },
  },
  references: {
    if: "reference",
    // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
    then: "list",
  },
  defaults: {},
  describe: (rule) => `${code(rule.if)} requires ${[rule.then].flat().map(code).join(", ")}`,
  example: {
    id: "second-cta-needs-tweet",
    kind: "requires",
    description: "`second_cta` needs `second_cta_tweet`.",
    error: "INCLUSIVE_PARAMETERS",
    if: "query.second_cta",
    // biome-ignore lint/suspicious/noThenProperty: x-rules names this field "then"
    then: ["query.second_cta_tweet"],
  },
  runtime: "requires",
  readme: {
    fields: "`if`, `then` (list)",
    meaning: "when `if` is present, every `then` is present",
    error: "INCLUSIVE_PARAMETERS",
    holds: "`if` sent: every `then` is sent (each missing one is reported)",
  },
};
