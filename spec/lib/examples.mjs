// The one way to pick an example: a node's own `example`, else its first named example's value,
// else its schema's `example`, else the first of the schema's `examples`.
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * The example of a parameter, media type or header, or undefined when it has none.
 * @param {Node} bundle
 * @param {Node | undefined} node
 * @returns {unknown}
 */
export function exampleOf(bundle, node) {
  if (!node) return undefined;
  if (node.example !== undefined) return node.example;
  const named = Object.values(node.examples ?? {})[0];
  if (named !== undefined) return resolve(bundle, named)?.value;
  const schema = node.schema ? resolve(bundle, node.schema) : undefined;
  if (schema?.example !== undefined) return schema.example;
  return Array.isArray(schema?.examples) ? schema.examples[0] : undefined;
}

/**
 * Named examples (`examples`) of a media type, resolved to their values; a lone `example` is not
 * among them.
 * @param {Node} bundle
 * @param {Node | undefined} node
 * @returns {Record<string, unknown>}
 */
export function namedExamples(bundle, node) {
  if (!node) return {};
  return Object.fromEntries(
    Object.entries(node.examples ?? {}).map(([name, example]) => [name, resolve(bundle, example)?.value]),
  );
}
