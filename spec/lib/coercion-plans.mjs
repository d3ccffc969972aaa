// What the wire strings of a parameter, or of a form body's fields, become once read: the JSON types
// their schema allows, their items' and fields' plans, and whether the empty value that clears a field
// is kept. The validator's runtime coerces by these plans; the catalogue gives each parameter and
// request body its own.
import { branchesOf, resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * The shape of the validator runtime's `CoercionPlan` (packages/validator/src/runtime/types.ts).
 * @typedef {object} CoercionPlan
 * @property {string[]} types the JSON types the schema allows; empty when it allows any
 * @property {CoercionPlan} [items] an array's items
 * @property {Record<string, CoercionPlan>} [properties] a form body's fields
 * @property {boolean} [empty] the schema accepts the empty value (a clearable update parameter): `""` stays `""`
 */

/** Deeper than this, a schema's branches are not read for its types (a guard against cycles). */
const MAX_TYPE_DEPTH = 8;
/** Deeper than this, items and fields get no plan of their own. */
const MAX_PLAN_DEPTH = 3;

/**
 * Whether a schema is the empty value (`const: ""`) an update parameter accepts to clear a field.
 * @param {Node} bundle
 * @param {unknown} schema
 */
function isEmptyValue(bundle, schema) {
  const node = resolve(bundle, schema);
  return Boolean(node && typeof node === "object" && "const" in node && node.const === "");
}

/**
 * The JSON type of a literal of `enum` or `const`.
 * @param {unknown} value
 */
function literalType(value) {
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/**
 * The JSON types a schema allows, sorted; empty when it leaves them open (or a branch does).
 * @param {Node} bundle
 * @param {unknown} schema
 * @param {number} depth
 * @returns {string[]}
 */
function typesOf(bundle, schema, depth) {
  const node = resolve(bundle, schema);
  if (!node || typeof node !== "object" || depth > MAX_TYPE_DEPTH) return [];
  /** @type {Set<string>} */
  const types = new Set();
  for (const type of Array.isArray(node.type) ? node.type : typeof node.type === "string" ? [node.type] : [])
    types.add(type);
  for (const value of [...(node.enum ?? []), ...("const" in node ? [node.const] : [])]) types.add(literalType(value));
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    // The empty value is the plan's `empty`, not a type the string is read as.
    if (isEmptyValue(bundle, branch)) continue;
    const branchTypes = typesOf(bundle, branch, depth + 1);
    if (branchTypes.length === 0) return [];
    for (const type of branchTypes) types.add(type);
  }
  if (types.size === 0) {
    for (const branch of node.allOf ?? []) for (const type of typesOf(bundle, branch, depth + 1)) types.add(type);
  }
  return [...types].sort();
}

/**
 * The plan of a schema: its types, its items' and, for a form body (`properties`), its fields'.
 * @param {Node} bundle the document its `$ref`s resolve in
 * @param {unknown} schema resolved or a `$ref`
 * @param {{ properties?: boolean, depth?: number }} [options]
 * @returns {CoercionPlan}
 */
export function coercionPlanOf(bundle, schema, { properties = false, depth = 0 } = {}) {
  /** @type {CoercionPlan} */
  const plan = { types: typesOf(bundle, schema, 0) };
  const node = resolve(bundle, schema);
  if ([...(node?.anyOf ?? []), ...(node?.oneOf ?? [])].some((branch) => isEmptyValue(bundle, branch)))
    plan.empty = true;
  if (depth > MAX_PLAN_DEPTH) return plan;
  const branches = branchesOf(bundle, schema);
  const items = branches.find((branch) => branch.items && typeof branch.items === "object")?.items;
  if (items) plan.items = coercionPlanOf(bundle, items, { depth: depth + 1 });
  if (properties) {
    /** @type {Record<string, CoercionPlan>} */
    const fields = {};
    for (const branch of branches) {
      for (const [name, field] of Object.entries(branch.properties ?? {}))
        fields[name] ??= coercionPlanOf(bundle, field, { depth: depth + 1 });
    }
    if (Object.keys(fields).length > 0) plan.properties = fields;
  }
  return plan;
}
