// Renders an operation's x-rules as a Markdown section for its description. How each kind reads is its
// module's (spec/rules/kinds/<kind>.mjs, `describe`).
import { registry as specRegistry } from "@xads/spec/rules/index.mjs";
import { code } from "@xads/spec/rules/markdown.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Rule} Rule */
/** @typedef {import("@xads/spec/rules/index.mjs").Registry} Registry */

/**
 * The rule in formal terms, one line of Markdown; a kind the registry does not know reads as its name.
 * @param {Rule} rule
 * @param {Registry} [registry] the kinds (the spec's by default)
 */
export function ruleCheck(rule, registry = specRegistry) {
  return registry.describe(rule) ?? `${code(rule.kind)} rule`;
}

/**
 * A Markdown section listing the rules, or "" without rules.
 * @param {Rule[]} rules
 * @param {Registry} [registry] the kinds (the spec's by default)
 */
export function rulesSection(rules, registry = specRegistry) {
  if (rules.length === 0) return "";
  const items = rules.map(
    (r) => `- ${r.description.replace(/\s*\n\s*/g, " ")}<br>Check: ${ruleCheck(r, registry)}. Error: ${code(r.error)}.`,
  );
  return [
    "**Cross-field rules** (`x-rules`: `@xads/validator` checks them before a request is sent; the API answers the error shown)",
    "",
    ...items,
  ].join("\n");
}
