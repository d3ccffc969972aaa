// The breaking changes between two versions of one document: api-smart-diff's wire-level verdict on
// the operations, plus the rules of type-rules.mjs for what breaks code compiled against the types.
import { resolve } from "@xads/spec/lib/operations.mjs";
import { apiCompare } from "api-smart-diff";
import { factBreakingChanges } from "./fact-rules.mjs";
import { typeBreakingChanges } from "./type-rules.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {{ source: "api-smart-diff" | "types" | "facts", where: string, message: string }} BreakingChange */

/**
 * Breaking changes from `before` to `after`, as `{ source, where, message }`, where `source` is
 * "api-smart-diff", "types" or "facts" (fact-rules.mjs).
 * @param {Node} before
 * @param {Node} after
 * @param {string} [name] the document's name
 * @returns {BreakingChange[]}
 */
export function breakingChanges(before, after, name = "document") {
  return [
    ...wireBreakingChanges(before, after),
    ...typeBreaks(before, after),
    ...factBreakingChanges(name, before, after).map((c) => ({ source: /** @type {const} */ ("facts"), ...c })),
  ];
}

/**
 * @param {Node} before
 * @param {Node} after
 * @returns {BreakingChange[]}
 */
function wireBreakingChanges(before, after) {
  const { diffs } = apiCompare(before, after);
  // api-smart-diff reads `components` as free-standing JSON Schemas, without knowing whether a
  // schema serves a request or a response; its verdict on the operations (which embed them) is the
  // one that knows the direction, so only diffs under `paths` and `webhooks` are kept.
  return diffs
    .filter((d) => d.type === "breaking" && (d.path[0] === "paths" || d.path[0] === "webhooks"))
    .filter(
      (d) => !toleratedInResponses(d.path) && !discriminatorLeavingRequest(d) && !responseHeaderPromiseKept(d, before),
    )
    .map((d) => ({
      source: "api-smart-diff",
      where: d.path.slice(0, 3).join(" "),
      message: d.description || `${d.action} ${d.path.join("/")}`,
    }));
}

/**
 * Whether a diff only moves a bound that responses are read past (spec/README.md, "Requests strict,
 * responses tolerant"): an enum value or a length or item-count bound inside a response, outside a
 * union without a discriminator (where a breach fails). The type rules judge the enum's literals.
 * @param {(string | number)[]} path
 */
function toleratedInResponses(path) {
  const keyword = path.at(-2) === "enum" ? "enum" : path.at(-1);
  return (
    path.includes("responses") &&
    TOLERATED_KEYWORDS.has(String(keyword)) &&
    !path.some((step) => step === "oneOf" || step === "anyOf")
  );
}

/**
 * Whether a diff only takes a discriminator off a request body's union. A discriminator is a hint: JSON
 * Schema validation ignores it, so every body the union accepted it still accepts, and the type rules
 * judge the branches' types. api-smart-diff copies the discriminator into each branch as an `allOf`
 * member `{discriminator}` and calls its removal breaking.
 * @param {{ action: string, path: (string | number)[], before?: unknown }} diff
 */
function discriminatorLeavingRequest(diff) {
  if (diff.action !== "remove" || !diff.path.includes("requestBody")) return false;
  if (diff.path.at(-1) === "discriminator") return true;
  const before = diff.before;
  return Boolean(before && typeof before === "object" && Object.keys(before).join() === "discriminator");
}

/**
 * Whether a diff keeps what an answer promises of its headers: a response header becoming required (the
 * answer now always carries it), or an optional one no longer documented (its reader already had to do
 * without it). api-smart-diff calls both breaking, as it would for a request.
 * @param {{ action: string, path: (string | number)[], before?: unknown }} diff
 * @param {Node} document the version before
 */
function responseHeaderPromiseKept(diff, document) {
  const at = diff.path.lastIndexOf("headers");
  if (at < 0 || diff.path[at - 2] !== "responses") return false;
  const depth = diff.path.length - at;
  if (diff.action === "add" && depth === 3 && diff.path.at(-1) === "required") return true;
  if (diff.action !== "remove" || depth !== 2) return false;
  const header = /** @type {{ required?: unknown } | undefined} */ (
    resolve(document, /** @type {Node} */ (diff.before))
  );
  return header?.required !== true;
}

/** The keywords whose breach in a response is a warning (packages/validator/src/runtime/tolerance.ts). */
const TOLERATED_KEYWORDS = new Set(["enum", "maxLength", "minLength", "maxItems", "minItems"]);

/**
 * @param {Node} before
 * @param {Node} after
 * @returns {BreakingChange[]}
 */
function typeBreaks(before, after) {
  return typeBreakingChanges(before, after).map((c) => ({ source: "types", ...c }));
}

/**
 * Compares sets of documents by name ({ name: document }). A document that disappears breaks its
 * namespace in @xads/types; a new one breaks nothing.
 * @param {Record<string, Node>} beforeDocuments
 * @param {Record<string, Node>} afterDocuments
 */
export function breakingChangesAcross(beforeDocuments, afterDocuments) {
  /** @type {(BreakingChange & { document: string })[]} */
  const changes = [];
  for (const [name, before] of Object.entries(beforeDocuments)) {
    const after = afterDocuments[name];
    if (!after) {
      changes.push({ document: name, source: "types", where: name, message: "document removed" });
      continue;
    }
    for (const change of breakingChanges(before, after, name)) changes.push({ document: name, ...change });
  }
  return changes;
}
