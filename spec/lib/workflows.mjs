// The Arazzo workflows of spec/workflows and the seeds' state rules they cover (workflows/
// state-rules.yaml), read once for every stage: the runner, the build's checks and the docs' guides.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { specDir } from "./model.mjs";

/** The workflows folder. */
export const workflowsDir = join(specDir, "workflows");

/**
 * @typedef {object} WorkflowStep
 * @property {string} stepId
 * @property {string} [operationId] as written (`$sourceDescriptions.<name>.<id>` or a bare id)
 * @property {string} [workflowId] a step that runs another workflow of the file
 * @property {string} [description]
 * @property {{ name: string, in: string, value: unknown }[]} [parameters]
 * @property {{ contentType?: string, payload?: unknown }} [requestBody]
 * @property {{ condition: string, context?: string, type?: unknown }[]} [successCriteria]
 * @property {{ name?: string, type: string, retryAfter?: number, retryLimit?: number }[]} [onFailure]
 * @property {Record<string, string>} [outputs]
 */

/**
 * @typedef {object} Workflow
 * @property {string} file absolute path
 * @property {string} workflowId
 * @property {string} summary
 * @property {string} description
 * @property {string} [rule] the id of the state rule it shows (`x-xads-state-rule`)
 * @property {boolean} flow an end-to-end flow (`x-xads-flow`)
 * @property {string} [sandboxSkip] why the real sandbox cannot run it (`x-xads-sandbox-skip`)
 * @property {WorkflowStep[]} steps
 * @property {{ name: string, url: string }[]} sources the file's source descriptions
 */

/** @typedef {{ id: string, title: string, source: string, showable: boolean, why?: string }} StateRule */

/** @param {string} [dir] @returns {string[]} absolute paths of the Arazzo files, sorted */
export function workflowFiles(dir = workflowsDir) {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".arazzo.yaml"))
    .sort()
    .map((name) => join(dir, name));
}

/** @param {string} file the Arazzo document, parsed */
export function readArazzo(file) {
  return parse(readFileSync(file, "utf8"));
}

/** @param {string[]} [files] @returns {Workflow[]} */
export function readWorkflows(files = workflowFiles()) {
  return files.flatMap((file) => {
    const document = readArazzo(file);
    const sources = (document.sourceDescriptions ?? []).map((/** @type {{ name: string, url: string }} */ s) => ({
      name: s.name,
      url: s.url,
    }));
    return (document.workflows ?? []).map((/** @type {Record<string, any>} */ w) => ({
      file,
      workflowId: w.workflowId,
      summary: w.summary ?? w.workflowId,
      description: String(w.description ?? "").trim(),
      ...(w["x-xads-state-rule"] ? { rule: w["x-xads-state-rule"] } : {}),
      flow: w["x-xads-flow"] === true,
      ...(w["x-xads-sandbox-skip"] ? { sandboxSkip: String(w["x-xads-sandbox-skip"]).trim() } : {}),
      steps: w.steps ?? [],
      sources,
    }));
  });
}

/** @param {string} [dir] @returns {StateRule[]} */
export function readStateRules(dir = workflowsDir) {
  return parse(readFileSync(join(dir, "state-rules.yaml"), "utf8")).rules;
}

/**
 * The source and operation id a step names: `$sourceDescriptions.ads.getCampaign`, or a bare id of
 * the file's only source.
 * @param {Workflow} workflow
 * @param {WorkflowStep} step
 * @returns {{ source: string, operationId: string } | undefined}
 */
export function stepOperation(workflow, step) {
  if (!step.operationId) return undefined;
  const match = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(step.operationId);
  if (match) return { source: /** @type {string} */ (match[1]), operationId: /** @type {string} */ (match[2]) };
  return { source: workflow.sources[0]?.name ?? "", operationId: step.operationId };
}
