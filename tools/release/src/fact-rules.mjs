// Changes to the facts that @xads/types/facts exports and the client builds on, which neither
// api-smart-diff nor the type rules see: a server an operation is called on removed or moved, an
// x-rules bound tightened (a body-size or item limit lowered), a known value removed from an
// `x-known-values` list (a literal callers compare against disappears from its union).
import { operationsOf } from "@xads/spec/lib/model.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {{ where: string, message: string }} FactChange */

const LOWER_IS_TIGHTER = ["max"];
const HIGHER_IS_TIGHTER = ["min"];

/**
 * Every `x-known-values` list of the components, by its JSON path.
 * @param {Node} document
 * @returns {Map<string, unknown[]>}
 */
function knownValueLists(document) {
  /** @type {Map<string, unknown[]>} */
  const lists = new Map();
  /**
   * @param {unknown} node
   * @param {string} path
   */
  const walk = (node, path) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "x-known-values" && Array.isArray(value)) lists.set(path, value);
      else walk(value, `${path}.${key}`);
    }
  };
  walk(document.components ?? {}, "components");
  return lists;
}

/**
 * The fact-breaking changes from `before` to `after` (two versions of one bundled document).
 * @param {string} name the document's name
 * @param {Node} before
 * @param {Node} after
 * @returns {FactChange[]}
 */
export function factBreakingChanges(name, before, after) {
  /** @type {FactChange[]} */
  const changes = [];
  const now = new Map(operationsOf(name, after).map((o) => [o.id, o]));
  for (const old of operationsOf(name, before)) {
    const current = now.get(old.id);
    if (!current) continue; // the type rules report a removed operation
    const where = `${old.id} (${old.method.toUpperCase()} ${old.path})`;
    const urls = new Set(current.servers.map((s) => s.url));
    for (const server of old.servers) {
      if (!urls.has(server.url)) changes.push({ where, message: `${server.environment} server ${server.url} removed` });
    }
    const rules = new Map(current.rules.map((r) => [r.id, r]));
    for (const rule of old.rules) {
      const next = rules.get(rule.id);
      if (!next || next.kind !== rule.kind) continue;
      for (const field of LOWER_IS_TIGHTER) {
        if (typeof rule[field] === "number" && typeof next[field] === "number" && next[field] < rule[field]) {
          changes.push({
            where,
            message: `x-rules ${rule.id}: ${field} lowered from ${rule[field]} to ${next[field]}`,
          });
        }
      }
      for (const field of HIGHER_IS_TIGHTER) {
        if (typeof rule[field] === "number" && typeof next[field] === "number" && next[field] > rule[field]) {
          changes.push({ where, message: `x-rules ${rule.id}: ${field} raised from ${rule[field]} to ${next[field]}` });
        }
      }
    }
  }
  const known = knownValueLists(after);
  for (const [path, values] of knownValueLists(before)) {
    const current = new Set(known.get(path) ?? []);
    const removed = values.filter((v) => !current.has(v));
    if (removed.length > 0) {
      changes.push({
        where: path,
        message: `known values removed: ${removed.map((v) => JSON.stringify(v)).join(", ")}`,
      });
    }
  }
  return changes;
}
