// The spec's x-rules kinds, one module each under kinds/, in the order of x-rules.schema.json and the
// tables. Adding a kind: its module here and in the list (spec/README.md, "Adding a rule kind").
import compare from "./kinds/compare.mjs";
import conditional from "./kinds/conditional.mjs";
import exclusive from "./kinds/exclusive.mjs";
import maxAhead from "./kinds/max-ahead.mjs";
import maxBodyBytes from "./kinds/max-body-bytes.mjs";
import maxTotalItems from "./kinds/max-total-items.mjs";
import maxTreeLeaves from "./kinds/max-tree-leaves.mjs";
import mediaKeysMix from "./kinds/media-keys-mix.mjs";
import requires from "./kinds/requires.mjs";
import timeWindow from "./kinds/time-window.mjs";
import uniform from "./kinds/uniform.mjs";
import { createRegistry } from "./registry.mjs";

/** @typedef {import("./registry.mjs").Registry} Registry */
/** @typedef {import("./registry.mjs").RuleKind} RuleKind */
/** @typedef {import("./registry.mjs").ParsedRule} ParsedRule */
/** @typedef {import("./registry.mjs").RuleReference} RuleReference */

/** The spec's registry of x-rules kinds. */
export const registry = createRegistry([
  compare,
  exclusive,
  requires,
  conditional,
  maxTotalItems,
  timeWindow,
  maxAhead,
  maxBodyBytes,
  maxTreeLeaves,
  uniform,
  mediaKeysMix,
]);

/**
 * A rule with its kind module and its references parsed, by the spec's registry.
 * @param {import("../lib/operations.mjs").Rule} rule
 */
export const parseRule = (rule) => registry.parse(rule);

export { createRegistry } from "./registry.mjs";
