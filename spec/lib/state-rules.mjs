// The state rules' one vocabulary: workflows/state-rules.yaml is the registry; the workflows name its
// ids (`x-xads-state-rule`) and the emulator's rule modules declare the ids they implement. This
// checks the three agree, for the emulator's tests and scripts.
export { readStateRules } from "./workflows.mjs";

/**
 * @param {object} input
 * @param {import("./workflows.mjs").StateRule[]} input.rules the registry
 * @param {import("./workflows.mjs").Workflow[]} input.workflows
 * @param {Record<string, readonly string[]>} input.implementations rule module name -> the registry ids it declares
 * @returns {string[]} problems, each naming the id (and the module)
 */
export function stateRuleProblems({ rules, workflows, implementations }) {
  const problems = [];
  const known = new Set(rules.map((rule) => rule.id));
  const implemented = new Set();
  for (const [module, ids] of Object.entries(implementations)) {
    if (ids.length === 0) problems.push(`rule module ${module} declares no registry id (implements: [])`);
    for (const id of ids) {
      implemented.add(id);
      if (!known.has(id)) problems.push(`rule module ${module} implements "${id}", which state-rules.yaml lacks`);
    }
  }
  const shown = new Set(workflows.flatMap((w) => (w.rule ? [w.rule] : [])));
  for (const rule of rules) {
    if (rule.showable && !implemented.has(rule.id) && !shown.has(rule.id)) {
      problems.push(`showable state rule "${rule.id}": no emulator rule module implements it and no workflow shows it`);
    }
  }
  return problems;
}

/**
 * @param {Record<string, readonly string[]>} implementations
 * @returns {Map<string, string[]>} registry id -> the rule modules that declare it
 */
export function modulesById(implementations) {
  /** @type {Map<string, string[]>} */
  const byId = new Map();
  for (const [module, ids] of Object.entries(implementations)) {
    for (const id of ids) byId.set(id, [...(byId.get(id) ?? []), module]);
  }
  return byId;
}
