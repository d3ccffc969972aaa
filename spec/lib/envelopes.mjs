// How an operation's success answer is wrapped (spec/README.md, convention 7: a shared envelope
// combined with the record type through `allOf`), decided once for every reader, and the record
// schema inside it.
import { resolve } from "./operations.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

/**
 * - `list`: a page of records, `data` array and `next_cursor` (the list envelope)
 * - `batch`: `data` array and the `request` array of the items as sent (the batch envelope)
 * - `records`: a `data` array outside a page (an account's features, post previews)
 * - `record`: one record in `data` (the single envelope)
 * - `bare`: a body in no envelope: a token, a media status, plain text, a browser page
 * - `none`: no body (204, or no success response documented)
 * @typedef {"list" | "batch" | "records" | "record" | "bare" | "none"} EnvelopeKind
 */

/**
 * Every schema an `allOf` combines, resolved, the schema itself first.
 * @param {Node} bundle
 * @param {unknown} schema
 * @returns {Node[]}
 */
export function allOfParts(bundle, schema) {
  if (!schema) return [];
  const node = resolve(bundle, schema);
  return [node, ...(node.allOf ?? []).flatMap((/** @type {Node} */ part) => allOfParts(bundle, part))];
}

/**
 * The envelope of a success answer of `mediaType` with `schema`; a media type that is not JSON is `bare`.
 * @param {Node} bundle
 * @param {string | undefined} mediaType undefined when the answer has no body
 * @param {Node | undefined} schema
 * @returns {EnvelopeKind}
 */
export function envelopeOf(bundle, mediaType, schema) {
  if (mediaType === undefined) return "none";
  if (!mediaType.includes("json")) return "bare";
  const all = allOfParts(bundle, schema);
  if (all.some((p) => (p.required ?? []).includes("next_cursor"))) return "list";
  if (!all.some((p) => p.properties?.data)) return "bare";
  const request = all.find((p) => p.properties?.request)?.properties.request;
  if (request && resolve(bundle, request).type === "array") return "batch";
  // The envelope's own `data` is untyped: the operation's part says whether it is an array.
  const typed = all.map((p) => p.properties?.data).find((d) => d && resolve(bundle, d).type);
  return typed && resolve(bundle, typed).type === "array" ? "records" : "record";
}

/**
 * The record schema of an answer: its `data`, or the items of an array `data`; undefined when no part
 * of the answer types it with properties.
 * @param {Node} bundle
 * @param {Node | undefined} schema
 * @returns {Node | undefined}
 */
export function recordSchemaOf(bundle, schema) {
  return allOfParts(bundle, schema)
    .filter((p) => p.properties?.data)
    .map((p) => resolve(bundle, p.properties.data))
    .map((data) => (data.type === "array" && data.items ? resolve(bundle, data.items) : data))
    .find((candidate) => candidate.properties);
}
