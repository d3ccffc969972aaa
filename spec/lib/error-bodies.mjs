// The error answers of an operation, read once: the style of their body (the API's `errors` list with
// string or numeric codes, a problem object, or the upload host's open v1.1 body) and the error codes
// a document documents (`x-known-values` on the `code` of its error items, by HTTP status).
import { allOfParts } from "./envelopes.mjs";
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {import("./model.mjs").Response} Response */

/**
 * - `ads`: `{ errors: [{ code: "UPPER_CASE", message, ... }] }` (the advertising documents)
 * - `auth`: `{ errors: [{ code: 89, message }] }`, numeric codes (the authentication host)
 * - `problem`: a problem object, `title` and `detail` (the upload host's v2 endpoints)
 * - `upload-v1`: an open body the spec leaves undocumented (the upload host's v1.1 endpoints)
 * @typedef {"ads" | "auth" | "problem" | "upload-v1"} ErrorStyle
 */

/** @param {string} status */
export const isErrorStatus = (status) => /^[45]|default/.test(status);

/**
 * The schema of each documented error answer, the first media type's, in document order.
 * @param {Response[]} responses
 * @returns {Node[]}
 */
function errorSchemas(responses) {
  return responses.flatMap((response) => {
    const schema = isErrorStatus(response.status) ? Object.values(response.media)[0]?.schema : undefined;
    return schema ? [schema] : [];
  });
}

/**
 * The item schema of an error body's `errors` list, resolved; undefined for a body without one.
 * @param {Node} bundle
 * @param {Node} schema
 * @returns {Node | undefined}
 */
function errorItemOf(bundle, schema) {
  const errors = allOfParts(bundle, schema).find((p) => p.properties?.errors)?.properties.errors;
  return errors ? resolve(bundle, resolve(bundle, errors).items ?? {}) : undefined;
}

/**
 * @param {Node} bundle
 * @param {Node} item
 * @returns {Node | undefined}
 */
const codeOf = (bundle, item) => (item.properties?.code ? resolve(bundle, item.properties.code) : undefined);

/**
 * The style of an operation's error bodies, from its first documented error answer with a schema;
 * `ads` when it documents none.
 * @param {Node} bundle
 * @param {Response[]} responses
 * @returns {ErrorStyle}
 */
export function errorStyleOf(bundle, responses) {
  const [schema] = errorSchemas(responses);
  if (!schema) return "ads";
  if (allOfParts(bundle, schema).some((p) => (p.required ?? []).includes("title") && p.properties?.detail))
    return "problem";
  const item = errorItemOf(bundle, schema);
  if (item) return codeOf(bundle, item)?.type === "integer" ? "auth" : "ads";
  return "upload-v1";
}

/**
 * The error codes a document's error answers document, by HTTP status (`x-known-values` on the `code`
 * of their error items); empty when none does. Every error answer must agree on the list.
 * @param {Node} bundle
 * @param {Response[]} responses every operation's responses
 * @returns {Record<string, string[]>}
 */
export function knownErrorCodesOf(bundle, responses) {
  /** @type {Set<Record<string, string[]>>} */
  const lists = new Set();
  for (const schema of errorSchemas(responses)) {
    const item = errorItemOf(bundle, schema);
    const known = item ? codeOf(bundle, item)?.["x-known-values"] : undefined;
    if (known && typeof known === "object" && !Array.isArray(known)) lists.add(known);
  }
  const [first, ...others] = lists;
  for (const other of others) {
    if (JSON.stringify(other) !== JSON.stringify(first))
      throw new Error("x-known-values: the error items of one document document two lists of codes");
  }
  return first ? structuredClone(first) : {};
}
