// media-keys-mix: media keys all of one kind (by prefix), and no more than that kind's limit.
import { code } from "../markdown.mjs";
import { ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "media-keys-mix",
  schema: {
    required: ["parameter", "prefixes", "limits"],
    properties: {
      parameter: ref,
      prefixes: {
        type: "object",
        additionalProperties: { type: "array", items: { type: "string" } },
      },
      limits: { type: "object", additionalProperties: { type: "integer", minimum: 1 } },
    },
  },
  references: { parameter: "reference" },
  defaults: {},
  describe: (rule) =>
    `${code(rule.parameter)} holds keys of one kind only, at most ${Object.entries(rule.limits ?? {})
      .map(([kind, max]) => `${max} ${kind}`)
      .join(", ")}`,
  example: {
    id: "media-keys-mix",
    kind: "media-keys-mix",
    description: "`media_keys` holds up to 4 images, or 1 animated GIF, or 1 video, never a mix.",
    error: "INVALID_MEDIA",
    parameter: "query.media_keys",
    prefixes: { image: ["3_"], gif: ["16_"], video: ["7_", "13_"] },
    limits: { image: 4, gif: 1, video: 1 },
  },
  runtime: "media-keys-mix",
  readme: {
    fields: "`parameter`, `prefixes` (kind -> media-key prefixes), `limits` (kind -> max)",
    meaning: "the keys are all of one kind, and no more than that kind's limit",
    error: "INVALID_MEDIA",
    holds:
      "the keys of a known prefix are all of one kind and at most that kind's limit; a key of an unknown prefix is unclassified and passes",
  },
};
