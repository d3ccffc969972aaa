// The coverage line of the workflows, like the contract suites': covered showable state rules, flows
// and steps, with the uncovered rules named. The files are read by the spec model (spec/lib/workflows).
export { readStateRules, readWorkflows, workflowFiles } from "@xads/spec/lib/workflows.mjs";

/**
 * @param {import("@xads/spec/lib/workflows.mjs").Workflow[]} workflows
 * @param {import("@xads/spec/lib/workflows.mjs").StateRule[]} rules
 */
export function coverage(workflows, rules) {
  const showable = rules.filter((rule) => rule.showable);
  const covered = new Set(workflows.flatMap((w) => (w.rule ? [w.rule] : [])));
  const uncovered = showable.filter((rule) => !covered.has(rule.id));
  const flows = workflows.filter((w) => w.flow).length;
  const steps = workflows.reduce((sum, w) => sum + w.steps.length, 0);
  const line =
    `workflows: ${showable.length - uncovered.length} state rules covered of ${showable.length} showable; ` +
    `${flows} end-to-end flows; steps ${steps}` +
    (uncovered.length ? `; uncovered: ${uncovered.map((rule) => rule.id).join(", ")}` : "");
  return { line, uncovered, flows, steps, covered: showable.length - uncovered.length, showable: showable.length };
}
