// Renders an operation's x-rules as a Markdown section for its description.

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("@xads/spec/lib/operations.mjs").Rule} Rule */

/** @type {Record<string, string>} */
const OPERATORS = { "<": "<", "<=": "≤", ">": ">", ">=": "≥", "==": "=", "!=": "≠" };

/** @param {unknown} text */
const code = (text) => `\`${text}\``;

/** @param {Node} c */
function condition(c) {
  const p = code(c.parameter);
  if ("present" in c) return c.present ? `${p} is present` : `${p} is absent`;
  if ("equals" in c) return `${p} = ${code(JSON.stringify(c.equals))}`;
  if ("in" in c) return `${p} is one of ${c.in.map((/** @type {unknown} */ v) => code(JSON.stringify(v))).join(", ")}`;
  if ("minItems" in c && "maxItems" in c) return `${p} has ${c.minItems} to ${c.maxItems} items`;
  if ("minItems" in c) return `${p} has at least ${c.minItems} items`;
  if ("maxItems" in c) return `${p} has at most ${c.maxItems} items`;
  return p;
}

/** @param {Node | Node[]} value */
function conditions(value) {
  return (Array.isArray(value) ? value : [value]).map(condition).join(" and ");
}

/**
 * The rule in formal terms, one line of Markdown.
 * @param {Rule} rule
 */
export function ruleCheck(rule) {
  switch (rule.kind) {
    case "compare":
      return `${code(rule.left)} ${OPERATORS[rule.operator] ?? rule.operator} ${code(rule.right)} when both are present`;
    case "exclusive":
      return `at most one of ${rule.parameters.map(code).join(", ")}`;
    case "requires":
      return `${code(rule.if)} requires ${[rule.then].flat().map(code).join(", ")}`;
    case "conditional":
      return `when ${conditions(rule.if)}: ${conditions(rule.then)}`;
    case "max-total-items":
      return `${rule.parameters.map(code).join(" + ")} hold at most ${rule.max} items together`;
    case "time-window":
      return `${code(rule.end)} − ${code(rule.start)} is between 0 and ${code(rule.max)}${
        rule.endDefaultsToNow ? ` (${code(rule.end)} defaults to now)` : ""
      }`;
    case "max-ahead":
      return `${code(rule.parameter)} is ${rule.exclusive ? "less than" : "at most"} ${code(rule.max)} from now`;
    case "max-body-bytes":
      return `the serialized body is at most ${rule.max.toLocaleString("en-US")} bytes`;
    case "max-tree-leaves":
      return `${code(rule.parameter)} has at most ${rule.max} leaves (children in ${code(rule.children)})`;
    case "uniform":
      return `items of ${code(rule.items)} with the same ${code(rule.groupBy)} agree on ${rule.fields.map(code).join(", ")}`;
    case "media-keys-mix":
      return `${code(rule.parameter)} holds keys of one kind only, at most ${Object.entries(rule.limits ?? {})
        .map(([kind, max]) => `${max} ${kind}`)
        .join(", ")}`;
    default:
      return `${code(rule.kind)} rule`;
  }
}

/**
 * A Markdown section listing the rules, or "" without rules.
 * @param {Rule[]} rules
 */
export function rulesSection(rules) {
  if (rules.length === 0) return "";
  const items = rules.map(
    (r) => `- ${r.description.replace(/\s*\n\s*/g, " ")}<br>Check: ${ruleCheck(r)}. Error: ${code(r.error)}.`,
  );
  return [
    "**Cross-field rules** (`x-rules`: `@xads/validator` checks them before a request is sent; the API answers the error shown)",
    "",
    ...items,
  ].join("\n");
}
