// The string enums a document declares by name: each component schema that is one, and each property
// of a component schema that is one, in document order.
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * @typedef {object} StringEnum
 * @property {string} schema the component schema's name
 * @property {string | undefined} property the property's name, for an enum declared on a property
 * @property {string[]} values in the spec's order
 * @property {string} description trimmed; empty when it has none
 */

/** @param {Node | undefined} node */
const isStringEnum = (node) => Array.isArray(node?.enum) && node.enum.every((v) => typeof v === "string");

/**
 * @param {Node} node
 * @param {string} schema
 * @param {string} [property]
 * @returns {StringEnum}
 */
const toEnum = (node, schema, property) => ({
  schema,
  property,
  values: [...node.enum],
  description: String(node.description ?? "").trim(),
});

/**
 * @param {Node} bundle
 * @returns {StringEnum[]}
 */
export function stringEnumsOf(bundle) {
  const schemas = Object.entries(bundle.components?.schemas ?? {}).map(
    ([name, raw]) => /** @type {[string, Node]} */ ([name, resolve(bundle, raw)]),
  );
  const own = schemas.filter(([, node]) => isStringEnum(node)).map(([name, node]) => toEnum(node, name));
  const onProperties = schemas.flatMap(([name, node]) =>
    Object.entries(node.properties ?? {}).flatMap(([property, raw]) => {
      const resolved = resolve(bundle, raw);
      return isStringEnum(resolved) ? [toEnum(resolved, name, property)] : [];
    }),
  );
  return [...own, ...onProperties];
}
