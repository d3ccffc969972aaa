// Runs the workflows of spec/workflows against a target, one respect run per file (respect refuses a
// --workflow that one of its files lacks).
import { readWorkflows } from "./catalog.mjs";
import { runRespect } from "./respect.mjs";

/**
 * @param {{ servers: Record<string, string> }} target
 * @param {{ only?: string[], skip?: string[], verbose?: boolean, onOutput?: (text: string) => void,
 *   workflows?: import("@xads/spec/lib/workflows.mjs").Workflow[] }} [options]
 */
export async function runWorkflows(target, options = {}) {
  const workflows = options.workflows ?? readWorkflows();
  const only = options.only ?? [];
  const skip = options.skip ?? [];
  const unknown = [...only, ...skip].filter((id) => !workflows.some((w) => w.workflowId === id));
  if (unknown.length > 0) throw new Error(`no workflow ${unknown.join(", ")} in spec/workflows`);
  /** @type {import("./respect.mjs").WorkflowResult[]} */
  const results = [];
  let failed = false;
  for (const file of [...new Set(workflows.map((w) => w.file))]) {
    const inFile = workflows.filter((w) => w.file === file);
    const selected = inFile.filter(
      (w) => !skip.includes(w.workflowId) && (only.length === 0 || only.includes(w.workflowId)),
    );
    if (selected.length === 0) continue;
    const run = await runRespect({
      files: [file],
      servers: target.servers,
      only: selected.length === inFile.length ? [] : selected.map((w) => w.workflowId),
      verbose: options.verbose ?? false,
      ...(options.onOutput ? { onOutput: options.onOutput } : {}),
    });
    // A file whose workflows did not all report (respect stopped early) fails the run.
    failed ||= run.code !== 0 || run.results.length < selected.length;
    results.push(...run.results);
  }
  return { results, passed: !failed && results.every((r) => r.passed) };
}
