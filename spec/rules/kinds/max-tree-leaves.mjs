// max-tree-leaves: a tree of nodes with at most a number of leaves.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "max-tree-leaves",
  schema: {
    required: ["parameter", "children", "max"],
    properties: {
      parameter: ref,
      children: { type: "string" },
      max: { type: "integer", minimum: 1 },
    },
  },
  references: { parameter: "reference" },
  defaults: {},
  describe: (rule) => `${code(rule.parameter)} has at most ${rule.max} leaves (children in ${code(rule.children)})`,
  example: {
    id: "at-most-ten-leaves",
    kind: "max-tree-leaves",
    description: "A flexible audience combines at most 10 custom audiences (leaf nodes).",
    error: "INVALID_PARAMETER",
    parameter: "body[].params.segments",
    children: "child_segments",
    max: 10,
  },
  runtime: "max-tree-leaves",
  readme: {
    fields: "`parameter`, `children` (property holding child nodes), `max`",
    meaning: "the tree has at most `max` leaves (nodes whose children are empty)",
    error: "INVALID_PARAMETER",
    holds: "the tree under `parameter` has at most `max` leaves (nodes whose `children` are empty)",
  },
};
