// exclusive: at most one of some places is present.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "exclusive",
  schema: {
    required: ["parameters"],
    properties: { parameters: { type: "array", minItems: 2, items: ref } },
  },
  references: { parameters: "list" },
  defaults: {},
  describe: (rule) => `at most one of ${rule.parameters.map(code).join(", ")}`,
  example: {
    id: "total-count-excludes-cursor",
    kind: "exclusive",
    description: "`with_total_count` and `cursor` exclude each other: ask for the total on the first page only.",
    error: "EXCLUSIVE_PARAMETERS",
    parameters: ["query.with_total_count", "query.cursor"],
  },
  runtime: "exclusive",
  readme: {
    fields: "`parameters`",
    meaning: "at most one of them is present",
    error: "EXCLUSIVE_PARAMETERS",
    holds: "at most one of `parameters` is sent",
  },
};
