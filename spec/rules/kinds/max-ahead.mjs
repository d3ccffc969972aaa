// max-ahead: a timestamp at most a duration from now.
import { code } from "../markdown.mjs";
import { duration, ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "max-ahead",
  schema: {
    required: ["parameter", "max"],
    properties: {
      parameter: ref,
      max: duration,
      exclusive: { type: "boolean" },
    },
  },
  references: { parameter: "reference" },
  defaults: { exclusive: false },
  describe: (rule) =>
    `${code(rule.parameter)} is ${rule.exclusive ? "less than" : "at most"} ${code(rule.max)} from now`,
  example: {
    id: "expires-within-thirteen-months",
    kind: "max-ahead",
    description: "`expires_at` is less than 13 months from now.",
    error: "INVALID_PARAMETER",
    parameter: "body[].params.expires_at",
    max: "P13M",
    exclusive: true,
  },
  runtime: "max-ahead",
  readme: {
    fields: "`parameter`, `max` (duration), `exclusive`",
    meaning: "the timestamp is at most (`exclusive`: less than) `max` from now",
    error: "INVALID_PARAMETER",
    holds: "the timestamp is at most (`exclusive`: less than) `max` after `now`",
  },
};
