// What a value that travels as a string (a query or path parameter, a form field) becomes once read:
// the one JSON type its schema gives it, whether null is allowed, and for an array its items' type
// and whether it travels as one comma-separated value.
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * @typedef {object} WireType
 * @property {string} type the JSON type the string is read as: `integer`, `number`, `boolean`,
 *   `string`, `array`, `object`; `any` when the schema leaves it open
 * @property {boolean} nullable
 * @property {string} [items] an array's item type, read the same way
 */

/**
 * The type a wire string of `schema` is read as.
 * @param {Node} bundle
 * @param {unknown} raw the schema, resolved or a `$ref`
 * @returns {WireType}
 */
export function wireTypeOf(bundle, raw) {
  const schema = resolve(bundle, raw);
  // `anyOf: [<type>, EmptyValue]` (an update parameter an empty value clears): the typed branch.
  const branches = /** @type {Node[]} */ (schema.anyOf ?? schema.oneOf ?? []).map((b) => resolve(bundle, b));
  const typed = branches.filter((b) => !(b.const === "" || b.maxLength === 0));
  if (!schema.type && typed.length === 1 && typed[0]) {
    const inner = wireTypeOf(bundle, typed[0]);
    return { ...inner, nullable: inner.nullable || branches.some((b) => b.type === "null") };
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((/** @type {string} */ t) => t !== "null") ?? (schema.enum ? "string" : "any");
  const items = type === "array" && schema.items ? wireTypeOf(bundle, schema.items).type : undefined;
  return { type, nullable: types.includes("null"), ...(items ? { items } : {}) };
}

/**
 * Whether an array parameter travels as one comma-separated value (`a,b,c`) rather than repeated
 * (`x=a&x=b`): OpenAPI's `form` (the query's default) and `simple` (the path's) styles when not exploded.
 * @param {Node} parameter the parameter node
 */
export function isCommaSeparated(parameter) {
  const style = parameter.style ?? (parameter.in === "query" ? "form" : "simple");
  const explode = parameter.explode ?? style === "form";
  return !explode && (style === "form" || style === "simple");
}
