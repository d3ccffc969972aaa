// uniform: items of a list that share a value agree on other fields.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "uniform",
  schema: {
    required: ["items", "groupBy", "fields"],
    properties: {
      items: ref,
      groupBy: { type: "string" },
      fields: { type: "array", minItems: 1, items: { type: "string" } },
    },
  },
  references: { items: "reference" },
  defaults: {},
  describe: (rule) =>
    `items of ${code(rule.items)} with the same ${code(rule.groupBy)} agree on ${rule.fields.map(code).join(", ")}`,
  example: {
    id: "campaign-shares-product-type-and-objective",
    kind: "uniform",
    description: "Items of the same campaign must have the same product_type and objective.",
    error: "INVALID_PARAMETER",
    items: "body",
    groupBy: "params.campaign_id",
    fields: ["params.product_type", "params.objective"],
  },
  runtime: "uniform",
  readme: {
    fields: "`items` (an array reference), `groupBy`, `fields` (paths relative to an item)",
    meaning:
      "items with the same `groupBy` value agree on every field; items without a `groupBy` value are not compared",
    error: "INVALID_PARAMETER",
    holds: "items with the same `groupBy` value agree on every field of `fields`",
  },
};
