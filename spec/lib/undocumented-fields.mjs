// Fields of an answer its schema does not name. The documents' schemas are open (an answer may carry
// fields the API added), so the validator accepts them; the drift report lists them, for the spec to
// catch up. An object schema naming no properties (a free-form map) takes any field.
import { resolve } from "./operations.mjs";

/**
 * @typedef {object} Shape every variant of a schema merged: its named properties, what an unnamed one
 *   may be, and what an item may be
 * @property {Map<string, unknown[]>} properties
 * @property {boolean} open
 * @property {unknown[]} items
 */

/** @param {any} bundle @param {unknown} schema @param {Shape} shape @param {Set<unknown>} seen */
function gather(bundle, schema, shape, seen) {
  const node = /** @type {any} */ (resolve(bundle, schema));
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  for (const [key, property] of Object.entries(node.properties ?? {}))
    shape.properties.set(key, [...(shape.properties.get(key) ?? []), property]);
  if (node.additionalProperties || node.patternProperties) shape.open = true;
  if (node.items) shape.items.push(node.items);
  for (const part of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])])
    gather(bundle, part, shape, seen);
}

/** @param {any} bundle @param {unknown[]} schemas @returns {Shape} */
function shapeOf(bundle, schemas) {
  /** @type {Shape} */
  const shape = { properties: new Map(), open: false, items: [] };
  for (const schema of schemas) gather(bundle, schema, shape, new Set());
  return shape;
}

/**
 * Every place (`data[0].nameX`) in `value` that the schema does not name.
 * @param {any} bundle @param {unknown} schema @param {unknown} value @returns {string[]}
 */
export function undocumentedFields(bundle, schema, value) {
  /** @type {string[]} */
  const found = [];
  /** @param {unknown[]} schemas @param {unknown} at @param {string} path */
  const walk = (schemas, at, path) => {
    if (schemas.length === 0 || at === null || typeof at !== "object") return;
    const shape = shapeOf(bundle, schemas);
    if (Array.isArray(at)) {
      at.forEach((item, i) => {
        walk(shape.items, item, `${path}[${i}]`);
      });
      return;
    }
    if (shape.properties.size === 0) return;
    for (const [key, child] of Object.entries(at)) {
      const named = shape.properties.get(key);
      if (named) walk(named, child, path ? `${path}.${key}` : key);
      else if (!shape.open) found.push(path ? `${path}.${key}` : key);
    }
  };
  walk([schema], value, "");
  return found;
}
