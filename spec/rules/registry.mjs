// A registry of x-rules kinds: each kind is one module (rules/kinds/<kind>.mjs) that says everything
// the tools need to know about it, and the registry answers for all of them: the JSON Schema of the
// extension, which fields of a rule are references, how a rule reads in the docs. rules/index.mjs
// holds the spec's registry; a test builds one of its own with createRegistry().
import { parseReference } from "../lib/operations.mjs";
import { condition, duration, ref, xRulesSchema } from "./schema.mjs";

/** @typedef {import("../lib/operations.mjs").Rule} Rule */
/** @typedef {import("../lib/operations.mjs").Reference} Reference */

/**
 * How a field names request places: `reference` holds one (`left: query.a`), `list` an array of them
 * (`parameters: [query.a, query.b]`), `condition` an object whose `parameter` is one
 * (`if: { parameter: query.a, present: true }`).
 * @typedef {"reference" | "list" | "condition"} ReferenceField
 */

/**
 * One x-rules kind, as its module under rules/kinds/ exports it.
 * @typedef {object} RuleKind
 * @property {string} name the value of `kind` (kebab-case)
 * @property {{ required: string[], properties: Record<string, object> }} schema the kind's own fields:
 *   the `then` of its `if kind = name` entry in x-rules.schema.json; `ref`, `duration` and `condition`
 *   of rules/schema.mjs name the shared shapes
 * @property {Record<string, ReferenceField>} references the fields that name request places, in the
 *   order their references are listed (every field whose schema is a reference is here)
 * @property {Record<string, unknown>} defaults the value of each optional field when it is absent
 * @property {(rule: Rule) => string} describe the check in formal terms, one line of Markdown: the
 *   "Check:" of the rule on its operation's page (it gets the rule with its defaults filled in)
 * @property {Rule} example a complete rule of the kind (it matches the schema; rules/kinds.test.mjs)
 * @property {string | undefined} runtime the module of the validator's runtime check:
 *   packages/validator/src/runtime/rules/kinds/<runtime>.ts; undefined when it has none (the
 *   validator's generator then refuses rules of the kind)
 * @property {{ fields: string, meaning: string, error: string, holds: string }} readme the kind's row
 *   in the tables of spec/README.md (fields, meaning, usual error) and packages/validator/README.md
 *   (holds when), Markdown
 */

/**
 * One reference of a rule, parsed.
 * @typedef {object} RuleReference
 * @property {string} field the rule's field that holds it
 * @property {Array<string | number>} path where it is inside the rule: `["left"]`, `["then", 1]`, `["if", "parameter"]`
 * @property {string} reference as written: `body[].params.name`
 * @property {Reference} parsed its location and steps (lib/operations.mjs parseReference)
 */

/**
 * A rule with its kind module and its references parsed once.
 * @typedef {object} ParsedRule
 * @property {string} id
 * @property {Rule} rule the rule as written (raw)
 * @property {Rule} effective the rule with its kind's defaults filled in where it leaves a field out
 * @property {RuleKind | undefined} kind its kind's module; undefined for a kind the registry does not know
 * @property {RuleReference[]} references in the order of the kind's `references` (strings only: a
 *   malformed field is the schema's problem)
 */

/**
 * @typedef {object} Registry
 * @property {readonly RuleKind[]} kinds in order (the order of the schema's enum and of the tables)
 * @property {readonly string[]} names
 * @property {(name: string) => RuleKind | undefined} get
 * @property {() => Record<string, unknown>} schema the x-rules JSON Schema (rules/schema.mjs), built once
 * @property {(rule: Rule) => ParsedRule} parse
 * @property {(rule: Rule) => RuleReference[]} referencesOf the parsed references of a rule
 * @property {(rule: Rule) => string | undefined} describe its kind's sentence; undefined for an unknown kind
 */

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The schema a field of each reference shape must have. */
const SHAPES = {
  reference: (/** @type {any} */ schema) => schema?.$ref === ref.$ref,
  list: (/** @type {any} */ schema) => schema?.type === "array" && schema.items?.$ref === ref.$ref,
  condition: (/** @type {any} */ schema) => schema?.$ref === condition.$ref,
};

/**
 * The problems of a kind module: the registry refuses a kind whose declarations disagree.
 * @param {RuleKind} kind
 * @returns {string[]}
 */
export function kindProblems(kind) {
  const where = `x-rules kind ${JSON.stringify(kind.name)}`;
  if (typeof kind.name !== "string" || !KEBAB.test(kind.name)) return [`${where}: its name is not kebab-case`];
  const problems = [];
  const properties = kind.schema?.properties ?? {};
  const required = kind.schema?.required ?? [];
  for (const field of required) {
    if (!(field in properties)) problems.push(`${where}: required field ${field} has no schema in its properties`);
  }
  for (const [field, shape] of Object.entries(kind.references ?? {})) {
    if (!(shape in SHAPES))
      problems.push(`${where}: reference field ${field} is "${shape}", not reference, list or condition`);
    else if (!SHAPES[shape](properties[field]))
      problems.push(`${where}: reference field ${field} is declared ${shape} but its schema is not one`);
  }
  for (const [field, schema] of Object.entries(properties)) {
    const shape = Object.entries(SHAPES).find(([, matches]) => matches(schema))?.[0];
    if (shape && !(field in (kind.references ?? {})))
      problems.push(`${where}: field ${field} is a ${shape} of references; list it in references`);
  }
  for (const field of Object.keys(kind.defaults ?? {})) {
    if (!(field in properties) || required.includes(field))
      problems.push(`${where}: default for ${field}, which is not an optional field`);
  }
  if (kind.example?.kind !== kind.name) problems.push(`${where}: its example is not of the kind`);
  if (typeof kind.describe !== "function") problems.push(`${where}: it has no describe(rule)`);
  return problems;
}

/**
 * The references of `rule`, read as `kind` declares them.
 * @param {Rule} rule
 * @param {RuleKind | undefined} kind
 * @returns {RuleReference[]}
 */
function referencesIn(rule, kind) {
  /** @type {RuleReference[]} */
  const found = [];
  /**
   * @param {string} field
   * @param {Array<string | number>} path
   * @param {unknown} value
   */
  const add = (field, path, value) => {
    if (typeof value === "string") found.push({ field, path, reference: value, parsed: parseReference(value) });
  };
  for (const [field, shape] of Object.entries(kind?.references ?? {})) {
    const value = rule[field];
    if (shape === "reference") add(field, [field], value);
    else if (shape === "list" && Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(field, [field, index], item);
    } else if (shape === "condition" && value && typeof value === "object")
      add(field, [field, "parameter"], value.parameter);
  }
  return found;
}

/**
 * A registry of `kinds`; throws when two share a name or a kind's declarations disagree (kindProblems).
 * @param {readonly RuleKind[]} kinds
 * @returns {Registry}
 */
export function createRegistry(kinds) {
  const problems = kinds.flatMap(kindProblems);
  const byName = new Map();
  for (const kind of kinds) {
    if (byName.has(kind.name)) problems.push(`x-rules kind ${JSON.stringify(kind.name)} is registered twice`);
    byName.set(kind.name, kind);
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  /** @type {Record<string, unknown> | undefined} */
  let schema;
  /** @param {Rule} rule */
  const get = (rule) => (typeof rule?.kind === "string" ? byName.get(rule.kind) : undefined);
  /**
   * @param {Rule} rule
   * @returns {ParsedRule}
   */
  const parse = (rule) => {
    const kind = get(rule);
    return {
      id: rule?.id,
      rule,
      effective: { ...(kind?.defaults ?? {}), ...rule },
      kind,
      references: referencesIn(rule, kind),
    };
  };
  return {
    kinds: Object.freeze([...kinds]),
    names: Object.freeze(kinds.map((kind) => kind.name)),
    get: (name) => byName.get(name),
    schema: () => {
      schema ??= xRulesSchema(kinds);
      return schema;
    },
    parse,
    referencesOf: (rule) => referencesIn(rule, get(rule)),
    describe(rule) {
      const kind = get(rule);
      return kind?.describe(parse(rule).effective);
    },
  };
}

export { condition, duration, ref };
