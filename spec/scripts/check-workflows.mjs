// Checks the Arazzo workflows against the documents, through the spec model: every step names an
// operation its source description has, every workflow id is unique across the files, and every
// `x-xads-state-rule` is a rule of workflows/state-rules.yaml. Run after the bundles are written, so
// a workflow that names an operation the spec lacks fails the build.
import { basename, dirname, join } from "node:path";
import { loadSpec } from "../lib/model.mjs";
import {
  readArazzo,
  readStateRules,
  readWorkflows,
  stepOperation,
  workflowFiles,
  workflowsDir,
} from "../lib/workflows.mjs";

/** @param {string} file @returns {Set<string>} the operationIds of a source that is not a bundle */
function operationIdsOfFile(file) {
  const ids = new Set();
  for (const item of Object.values(readArazzo(file).paths ?? {})) {
    for (const operation of Object.values(/** @type {Record<string, any>} */ (item))) {
      if (operation?.operationId) ids.add(operation.operationId);
    }
  }
  return ids;
}

/**
 * @param {string} [dir] the workflows folder
 * @param {ReturnType<typeof loadSpec>} [spec]
 * @returns {string[]} problems, each naming the file, workflow and step
 */
export function checkWorkflows(dir = workflowsDir, spec = loadSpec()) {
  const problems = [];
  const bundles = new Map(spec.documents.map((d) => [`${d.name}.json`, new Set(d.operations().map((op) => op.id))]));
  const rules = new Set(readStateRules(dir).map((r) => r.id));
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const workflow of readWorkflows(workflowFiles(dir))) {
    const name = basename(workflow.file);
    const where = `${name} ${workflow.workflowId}`;
    const other = seen.get(workflow.workflowId);
    if (other) problems.push(`${where}: the workflow id is also used in ${other}`);
    seen.set(workflow.workflowId, name);
    if (workflow.rule !== undefined && !rules.has(workflow.rule)) {
      problems.push(`${where}: x-xads-state-rule "${workflow.rule}" is not in state-rules.yaml`);
    }
    /** @type {Map<string, Set<string>>} */
    const sources = new Map(
      workflow.sources.map((s) => [
        s.name,
        bundles.get(basename(s.url)) ?? operationIdsOfFile(join(dirname(workflow.file), s.url)),
      ]),
    );
    for (const step of workflow.steps) {
      const named = stepOperation(workflow, step);
      if (!named) continue;
      const ids = sources.get(named.source);
      if (!ids) problems.push(`${where} step ${step.stepId}: no source description "${named.source}"`);
      else if (!ids.has(named.operationId)) {
        problems.push(`${where} step ${step.stepId}: ${named.source} has no operation ${named.operationId}`);
      }
    }
  }
  return problems;
}
