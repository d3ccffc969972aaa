// max-body-bytes: the serialized request body is at most a number of bytes.

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "max-body-bytes",
  schema: { required: ["max"], properties: { max: { type: "integer", minimum: 1 } } },
  references: {},
  defaults: {},
  describe: (rule) => `the serialized body is at most ${rule.max.toLocaleString("en-US")} bytes`,
  example: {
    id: "at-most-five-million-bytes",
    kind: "max-body-bytes",
    description: "The request body is at most 5,000,000 bytes.",
    error: "INVALID_PARAMETER",
    max: 5000000,
  },
  runtime: "max-body-bytes",
  readme: {
    fields: "`max`",
    meaning: "the serialized request body is at most `max` bytes",
    error: "INVALID_PARAMETER",
    holds: "the body is at most `max` bytes in UTF-8 (as sent when given as text, else serialized as its media type)",
  },
};
