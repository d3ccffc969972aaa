// How the runtime turns wire strings into typed values, planned from the schemas by the generator.
import { branchesOf, resolve } from "@xads/spec/lib/operations.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("../src/runtime/types.js").CoercionPlan} CoercionPlan */

/**
 * @param {Node} document
 * @param {unknown} schema
 * @param {number} depth
 * @returns {string[]}
 */
function typesOf(document, schema, depth) {
  const node = resolve(document, schema);
  if (!node || typeof node !== "object" || depth > 8) return [];
  /** @type {Set<string>} */
  const types = new Set();
  if (typeof node.type === "string") types.add(node.type);
  if (Array.isArray(node.type)) for (const t of node.type) types.add(t);
  for (const value of [...(node.enum ?? []), ...("const" in node ? [node.const] : [])]) {
    types.add(
      value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value,
    );
  }
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    // The empty value of a clearable parameter is kept as it is (the plan's `empty`), not a type to read.
    if (isEmptyValue(document, branch)) continue;
    const branchTypes = typesOf(document, branch, depth + 1);
    if (branchTypes.length === 0) return [];
    for (const t of branchTypes) types.add(t);
  }
  if (types.size === 0) {
    for (const branch of node.allOf ?? []) for (const t of typesOf(document, branch, depth + 1)) types.add(t);
  }
  return [...types].sort();
}

/**
 * Whether a schema is the empty value (`const: ""`), which an update parameter accepts to clear a field.
 * @param {Node} document
 * @param {unknown} schema
 */
function isEmptyValue(document, schema) {
  const node = resolve(document, schema);
  return Boolean(node && typeof node === "object" && "const" in node && node.const === "");
}

/**
 * How raw strings become typed values for a schema: its types, its items' and (form bodies) its properties'.
 * @param {Node} document
 * @param {unknown} schema
 * @param {{ properties?: boolean, depth?: number }} [options]
 * @returns {CoercionPlan}
 */
export function coercionPlan(document, schema, { properties = false, depth = 0 } = {}) {
  /** @type {CoercionPlan} */
  const plan = { types: typesOf(document, schema, 0) };
  const node = resolve(document, schema);
  if ([...(node?.anyOf ?? []), ...(node?.oneOf ?? [])].some((branch) => isEmptyValue(document, branch)))
    plan.empty = true;
  if (depth > 3) return plan;
  const branches = branchesOf(document, schema);
  const items = branches.find((b) => b.items && typeof b.items === "object")?.items;
  if (items) plan.items = coercionPlan(document, items, { depth: depth + 1 });
  if (properties) {
    /** @type {Record<string, CoercionPlan>} */
    const props = {};
    for (const branch of branches) {
      for (const [name, sub] of Object.entries(branch.properties ?? {}))
        props[name] ??= coercionPlan(document, sub, { depth: depth + 1 });
    }
    if (Object.keys(props).length > 0) plan.properties = props;
  }
  return plan;
}
