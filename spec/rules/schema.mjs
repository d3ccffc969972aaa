// The JSON Schema of the x-rules extension, built from a registry's kinds: the shapes every kind shares
// (a reference, a duration, a condition), the fields every rule has, and one `if kind = ... then ...`
// entry per kind. scripts/x-rules-schema.mjs writes it to x-rules.schema.json.

/** A field that names one request place (`query.count`, `body[].params.name`). */
export const ref = Object.freeze({ $ref: "#/$defs/ref" });
/** A field that holds an ISO 8601 duration. */
export const duration = Object.freeze({ $ref: "#/$defs/duration" });
/** A field that holds a condition on one request place: `{ parameter, present | equals | in | ... }`. */
export const condition = Object.freeze({ $ref: "#/$defs/condition" });

/** The shared shapes, under `$defs`. */
const DEFS = {
  ref: {
    description:
      "A request location: query.<name>, path.<name>, header.<name>, body (the whole body), body.<a>.<b>, or with [] for every item of an array: body[].params.<name>, body[].params.users[].email.",
    type: "string",
    pattern: "^(query|path|header)\\.[A-Za-z0-9_]+$|^body(\\[\\])?(\\.[A-Za-z0-9_]+(\\[\\])?)*$",
  },
  duration: {
    description: "ISO 8601 duration: P7D, P13M, PT1H.",
    type: "string",
    pattern: "^P(?!$)(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+S)?)?$",
  },
  condition: {
    type: "object",
    required: ["parameter"],
    additionalProperties: false,
    properties: {
      parameter: ref,
      present: { type: "boolean" },
      equals: {},
      in: { type: "array", minItems: 1 },
      minItems: { type: "integer", minimum: 0 },
      maxItems: { type: "integer", minimum: 0 },
    },
    minProperties: 2,
  },
};

/**
 * The x-rules JSON Schema of `kinds`, in their order.
 * @param {ReadonlyArray<{ name: string, schema: object }>} kinds
 * @returns {Record<string, unknown>}
 */
export function xRulesSchema(kinds) {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://xads.dev/spec/x-rules.schema.json",
    title: "x-rules",
    description:
      "Cross-field rules that JSON Schema cannot express. Allowed on an Operation (applies to it) and on a Parameter (applies to every operation that uses the parameter). See spec/README.md.",
    type: "array",
    items: { $ref: "#/$defs/rule" },
    $defs: {
      ...DEFS,
      rule: {
        type: "object",
        required: ["id", "kind", "description", "error"],
        properties: {
          id: { type: "string", pattern: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$" },
          kind: { enum: kinds.map((kind) => kind.name) },
          description: { type: "string", minLength: 1 },
          error: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$" },
        },
        allOf: kinds.map((kind) => ({
          if: { properties: { kind: { const: kind.name } } },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
          then: kind.schema,
        })),
      },
    },
  };
}
