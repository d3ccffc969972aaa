// Schema helpers of the generator: annotation stripping, $ref rebasing, coercion plans, defaults.
import { branchesOf, resolve } from "@xads/spec/lib/operations.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("../src/runtime/types.js").CoercionPlan} CoercionPlan */

/** Keywords whose value is a map of subschemas (its keys are names, not keywords). */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Annotations that do not validate; stripped so the generated code stays small. */
const ANNOTATIONS = new Set([
  "description",
  "example",
  "examples",
  "title",
  "externalDocs",
  "xml",
  "$comment",
  "deprecated",
]);

/**
 * A copy of a schema without annotations. With `document`, local `$ref`s are inlined (except on a
 * cycle): Ajv compiles a referenced schema that itself holds a `$ref` into a separate function,
 * called per item with a freshly built instance path, which costs more than the checks themselves
 * on long lists. Remaining `$ref`s point into `base`, where the components are registered.
 * @param {unknown} node a schema, or any value inside one
 * @param {string} base
 * @param {Node} [document]
 * @param {string[]} [stack] the `$ref`s being inlined
 * @returns {unknown} the copy: the same JSON shape as `node`
 */
export function prepareSchema(node, base, document, stack = []) {
  if (Array.isArray(node)) return node.map((item) => prepareSchema(item, base, document, stack));
  if (!node || typeof node !== "object") return node;
  if (
    document &&
    "$ref" in node &&
    typeof node.$ref === "string" &&
    node.$ref.startsWith("#/") &&
    !stack.includes(node.$ref)
  ) {
    const { $ref, ...siblings } = /** @type {Node} */ (node);
    const target = prepareSchema(resolve(document, { $ref }), base, document, [...stack, $ref]);
    // The copy of an object is an object.
    const rest = /** @type {Node} */ (prepareSchema(siblings, base, document, stack));
    return Object.keys(rest).length === 0 ? target : { ...rest, allOf: [...(rest.allOf ?? []), target] };
  }
  /** @type {Node} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (ANNOTATIONS.has(key) || key.startsWith("x-")) continue;
    if (key === "$ref" && typeof value === "string") {
      out.$ref = value.startsWith("#/") ? `${base}${value}` : value;
    } else if (key === "enum" || key === "const" || key === "default") {
      out[key] = value;
    } else if (SCHEMA_MAPS.has(key) && value && typeof value === "object") {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, prepareSchema(sub, base, document, stack)]),
      );
    } else {
      out[key] = prepareSchema(value, base, document, stack);
    }
  }
  return out;
}

/**
 * Every `format` a schema tree uses (enum, const, default and example values are not looked into).
 * @param {unknown} node
 * @param {Set<string>} [found]
 */
export function collectFormats(node, found = new Set()) {
  if (Array.isArray(node)) {
    for (const item of node) collectFormats(item, found);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "format" && typeof value === "string") found.add(value);
      else if (!["enum", "const", "default", "example", "examples"].includes(key)) collectFormats(value, found);
    }
  }
  return found;
}

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
 * How raw strings become typed values for a schema: its types, its items' and (form bodies) its properties'.
 * @param {Node} document
 * @param {unknown} schema
 * @param {{ properties?: boolean, depth?: number }} [options]
 * @returns {CoercionPlan}
 */
export function coercionPlan(document, schema, { properties = false, depth = 0 } = {}) {
  /** @type {CoercionPlan} */
  const plan = { types: typesOf(document, schema, 0) };
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
