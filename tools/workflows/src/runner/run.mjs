// The workflow loop: runs one workflow of an Arazzo document step by step (its child workflows of the
// same document included), as an async generator of events - one per request sent, per attempt, and
// one per workflow started and ended - so that a page can show each request as it goes. Nothing
// escapes it: what cannot be run becomes an "error" event, and the run fails.
import { checkCriteria } from "./criteria.mjs";
import { evaluateValue } from "./expressions.mjs";
import { buildRequest } from "./request.mjs";

/** @typedef {import("./request.mjs").RunnerOperation} RunnerOperation */
/** @typedef {import("./request.mjs").SentRequest} SentRequest */
/** @typedef {import("./criteria.mjs").Check} Check */
/** @typedef {import("./criteria.mjs").Criterion} Criterion */
/** @typedef {import("./expressions.mjs").ExpressionContext} ExpressionContext */
/** @typedef {Record<string, Record<string, RunnerOperation>>} OperationTable source name -> operationId -> operation */
/** @typedef {{ status: number, headers: Record<string, string>, body: string }} ReceivedAnswer */
/** @typedef {"continue" | "retry" | "goto" | "end" | "fail"} StepNext */
/**
 * @typedef {{ kind: "step", path: string[], workflowId: string, stepId: string, source: string, operationId: string,
 *     attempt: number, request: SentRequest, answer: ReceivedAnswer, checks: Check[], passed: boolean,
 *     next: StepNext, retryAfterMs?: number, outputs: Record<string, unknown> }
 *   | { kind: "workflow-start", path: string[], workflowId: string, parentStepId?: string }
 *   | { kind: "workflow-end", path: string[], workflowId: string, parentStepId?: string, passed: boolean,
 *     outputs: Record<string, unknown> }
 *   | { kind: "error", path: string[], workflowId: string, stepId?: string, message: string }} RunEvent
 *   path: the workflow ids from the top workflow down to the one the event is of; parentStepId: the
 *   step of the parent workflow that runs a child; source: the source description of the operation.
 */
/** @typedef {{ passed: boolean, outputs: Record<string, unknown> }} WorkflowResult */
/**
 * @typedef {object} RunOptions
 * @property {object} document the Arazzo document, parsed
 * @property {string} workflowId
 * @property {OperationTable} operations
 * @property {(request: Request) => Promise<Response>} fetch
 * @property {Record<string, unknown>} [inputs]
 * @property {(ms: number) => Promise<void>} [sleep] default: a setTimeout wait
 * @property {number} [maxRequests] the run stops after this many requests (or gotos); default 1,000
 */

/**
 * @typedef {{ type?: string, name?: string, stepId?: string, workflowId?: string, retryAfter?: number,
 *   retryLimit?: number, criteria?: Criterion[], reference?: string }} ArazzoAction
 * @typedef {{ stepId: string, operationId?: string, operationPath?: string, workflowId?: string,
 *   parameters?: { name: string, in?: string, value: unknown }[], requestBody?: { contentType?: string, payload?: unknown },
 *   successCriteria?: Criterion[], onSuccess?: ArazzoAction[], onFailure?: ArazzoAction[],
 *   outputs?: Record<string, unknown> }} ArazzoStep
 * @typedef {{ workflowId: string, steps?: ArazzoStep[], outputs?: Record<string, unknown>,
 *   successActions?: ArazzoAction[], failureActions?: ArazzoAction[] }} ArazzoWorkflow
 * @typedef {{ sourceDescriptions?: { name: string }[], workflows?: ArazzoWorkflow[] }} ArazzoDocument
 */

export const DEFAULT_MAX_REQUESTS = 1000;

/** What stops a run: the message of its "error" event. */
class RunError extends Error {
  /** @param {string} message @param {string} [stepId] */
  constructor(message, stepId) {
    super(message);
    this.stepId = stepId;
  }
}

/** Thrown up through the enclosing workflows once the error event is out: each of them ends failed. */
class RunStopped extends Error {}

/**
 * @typedef {object} RunState
 * @property {ArazzoDocument} document
 * @property {OperationTable} operations
 * @property {(request: Request) => Promise<Response>} fetch
 * @property {(ms: number) => Promise<void>} sleep
 * @property {number} maxRequests
 * @property {number} requests sent so far
 * @property {number} gotos taken so far
 * @property {ExpressionContext["workflows"]} workflows ended so far, for `$workflows.<id>...`
 */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** @param {number} ms */
const waitFor = (ms) => new Promise((resolve) => setTimeout(resolve, ms)).then(() => undefined);

/**
 * @param {RunState} run
 * @param {ArazzoStep} step
 * @returns {{ source: string, operationId: string, operation: RunnerOperation }}
 */
function resolveOperation(run, step) {
  if (step.operationPath) throw new RunError("operationPath steps are not supported: name an operationId");
  const written = String(step.operationId ?? "");
  if (!written) throw new RunError("the step names neither an operationId nor a workflowId");
  const named = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(written);
  const sources = (run.document.sourceDescriptions ?? []).map((source) => source.name);
  if (!named && sources.length !== 1)
    throw new RunError(
      `${written}: the document has ${sources.length} sources, name one ($sourceDescriptions.<name>.<id>)`,
    );
  const source = named ? String(named[1]) : String(sources[0]);
  const operationId = named ? String(named[2]) : written;
  const table = Object.hasOwn(run.operations, source) ? run.operations[source] : undefined;
  if (!table) throw new RunError(`no source description ${source} in the operation table`);
  const operation = Object.hasOwn(table, operationId) ? table[operationId] : undefined;
  if (!operation) throw new RunError(`no operation ${operationId} in the source ${source}`);
  return { source, operationId, operation };
}

/**
 * @param {Record<string, unknown> | undefined} outputs
 * @param {ExpressionContext} context
 * @returns {Record<string, unknown>}
 */
function evaluateOutputs(outputs, context) {
  return Object.fromEntries(
    Object.entries(outputs ?? {}).map(([name, value]) => [name, evaluateValue(value, context)]),
  );
}

/**
 * @typedef {{ type: "retry", ms: number } | { type: "goto", stepId?: string, workflowId?: string } | { type: "end" }} ChosenAction
 */

/**
 * The first action whose criteria all hold; a retry whose limit is used up is passed over.
 * @param {ArazzoAction[]} actions
 * @param {ExpressionContext} context
 * @param {Map<number, number>} retriesUsed by the action's index
 * @param {boolean} afterFailure
 * @returns {ChosenAction | undefined}
 */
function chooseAction(actions, context, retriesUsed, afterFailure) {
  for (const [index, action] of actions.entries()) {
    if (action.reference) throw new RunError(`action references (${action.reference}) are not supported`);
    if (!checkCriteria(action.criteria, context).every((check) => check.passed)) continue;
    if (action.type === "retry") {
      if (!afterFailure) throw new RunError(`a retry is a failure action (${action.name ?? index})`);
      const used = retriesUsed.get(index) ?? 0;
      if (used >= (action.retryLimit ?? 1)) continue;
      retriesUsed.set(index, used + 1);
      return { type: "retry", ms: Math.max(0, Number(action.retryAfter ?? 0)) * 1000 };
    }
    if (action.type === "goto") {
      if (!action.stepId && !action.workflowId) throw new RunError(`a goto names a stepId or a workflowId`);
      return { type: "goto", ...(action.stepId ? { stepId: action.stepId } : { workflowId: action.workflowId }) };
    }
    if (action.type === "end") return { type: "end" };
    throw new RunError(`an action of an unknown type: ${action.type}`);
  }
  return undefined;
}

/**
 * @param {ChosenAction | undefined} action
 * @param {boolean} passed
 * @returns {StepNext}
 */
function nextOf(action, passed) {
  if (!action) return passed ? "continue" : "fail";
  return action.type;
}

/**
 * @param {Response} response
 * @returns {Promise<ReceivedAnswer>}
 */
async function readAnswer(response) {
  /** @type {Record<string, string>} */
  const headers = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

/**
 * @typedef {{ next: StepNext, passed: boolean, action?: ChosenAction }} StepOutcome
 */

/**
 * Sends an operation step's request, again while a retry applies; one event per attempt.
 * @param {RunState} run
 * @param {ArazzoWorkflow} workflow
 * @param {ArazzoStep} step
 * @param {ExpressionContext} context
 * @param {string[]} path
 * @returns {AsyncGenerator<RunEvent, StepOutcome>}
 */
async function* runOperationStep(run, workflow, step, context, path) {
  const { source, operationId, operation } = resolveOperation(run, step);
  /** @type {Map<number, number>} */
  const retriesUsed = new Map();
  for (let attempt = 1; ; attempt++) {
    if (run.requests >= run.maxRequests) throw new RunError(`stopped after ${run.maxRequests} requests`);
    const parameters = (step.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      value: evaluateValue(parameter.value, context),
    }));
    const payload = step.requestBody ? evaluateValue(step.requestBody.payload, context) : undefined;
    const built = buildRequest(
      operation,
      parameters,
      step.requestBody ? { contentType: step.requestBody.contentType, payload } : undefined,
    );
    run.requests++;
    /** @type {ReceivedAnswer} */
    let answer;
    try {
      answer = await readAnswer(await run.fetch(built.request));
    } catch (error) {
      throw new RunError(`${built.sent.method} ${built.sent.url} failed: ${messageOf(error)}`);
    }
    /** @type {ExpressionContext} */
    const answered = {
      ...context,
      exchange: {
        url: built.sent.url,
        method: built.sent.method,
        requestHeaders: built.sent.headers,
        requestQuery: built.query,
        requestPath: built.path,
        requestBody: payload,
        status: answer.status,
        responseHeaders: answer.headers,
        responseText: answer.body,
      },
    };
    const checks = checkCriteria(step.successCriteria, answered);
    const passed = checks.every((check) => check.passed);
    const outputs = passed ? evaluateOutputs(step.outputs, answered) : {};
    const actions =
      (passed ? (step.onSuccess ?? workflow.successActions) : (step.onFailure ?? workflow.failureActions)) ?? [];
    const action = chooseAction(actions, answered, retriesUsed, !passed);
    const next = nextOf(action, passed);
    const retryAfterMs = action?.type === "retry" ? action.ms : undefined;
    yield {
      kind: "step",
      path,
      workflowId: workflow.workflowId,
      stepId: step.stepId,
      source,
      operationId,
      attempt,
      request: built.sent,
      answer,
      checks,
      passed,
      next,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      outputs,
    };
    context.steps[step.stepId] = { outputs };
    if (retryAfterMs === undefined) return { next, passed, ...(action ? { action } : {}) };
    await run.sleep(retryAfterMs);
  }
}

/**
 * Runs a step's child workflow (its parameters are the child's inputs), again while a retry applies.
 * @param {RunState} run
 * @param {ArazzoWorkflow} workflow
 * @param {ArazzoStep} step
 * @param {ExpressionContext} context
 * @param {string[]} path
 * @returns {AsyncGenerator<RunEvent, StepOutcome>}
 */
async function* runWorkflowStep(run, workflow, step, context, path) {
  const childId = String(step.workflowId);
  /** @type {Map<number, number>} */
  const retriesUsed = new Map();
  for (;;) {
    const inputs = Object.fromEntries(
      (step.parameters ?? []).map((parameter) => [parameter.name, evaluateValue(parameter.value, context)]),
    );
    const child = yield* runOne(run, childId, inputs, [...path, childId], step.stepId);
    /** @type {ExpressionContext} */
    const ended = { ...context, outputs: child.outputs };
    const passed = child.passed && checkCriteria(step.successCriteria, ended).every((check) => check.passed);
    context.steps[step.stepId] = { outputs: passed ? evaluateOutputs(step.outputs, ended) : {} };
    const actions =
      (passed ? (step.onSuccess ?? workflow.successActions) : (step.onFailure ?? workflow.failureActions)) ?? [];
    const action = chooseAction(actions, ended, retriesUsed, !passed);
    if (action?.type !== "retry") return { next: nextOf(action, passed), passed, ...(action ? { action } : {}) };
    await run.sleep(action.ms);
  }
}

/**
 * @param {RunState} run
 * @param {string} workflowId
 * @returns {ArazzoWorkflow}
 */
function findWorkflow(run, workflowId) {
  const workflow = (run.document.workflows ?? []).find((candidate) => candidate.workflowId === workflowId);
  if (!workflow) throw new RunError(`no workflow ${workflowId} in the document`);
  return workflow;
}

/** @param {RunState} run */
function countGoto(run) {
  run.gotos++;
  if (run.gotos > run.maxRequests) throw new RunError(`stopped after ${run.maxRequests} gotos (a goto loop)`);
}

/**
 * A workflow's steps in order, following the actions.
 * @param {RunState} run
 * @param {string} workflowId
 * @param {Record<string, unknown>} inputs
 * @param {string[]} path
 * @returns {AsyncGenerator<RunEvent, WorkflowResult>}
 */
async function* runSteps(run, workflowId, inputs, path) {
  const workflow = findWorkflow(run, workflowId);
  const steps = workflow.steps ?? [];
  /** @type {ExpressionContext} */
  const context = { inputs, outputs: {}, steps: {}, workflows: run.workflows };
  let passed = true;
  let index = 0;
  while (index < steps.length) {
    const step = /** @type {ArazzoStep} */ (steps[index]);
    /** @type {StepOutcome} */
    let outcome;
    try {
      outcome = step.workflowId
        ? yield* runWorkflowStep(run, workflow, step, context, path)
        : yield* runOperationStep(run, workflow, step, context, path);
    } catch (error) {
      if (error instanceof RunStopped || (error instanceof RunError && error.stepId)) throw error;
      throw new RunError(messageOf(error), step.stepId);
    }
    const { action } = outcome;
    if (action?.type === "goto") {
      countGoto(run);
      if (action.workflowId) {
        const target = action.workflowId;
        const transferred = yield* runOne(run, target, {}, [...path, target], step.stepId);
        passed = transferred.passed;
        break;
      }
      const target = steps.findIndex((candidate) => candidate.stepId === action.stepId);
      if (target < 0) throw new RunError(`goto: no step ${action.stepId} in ${workflowId}`, step.stepId);
      index = target;
      continue;
    }
    if (outcome.next === "continue") {
      index++;
      continue;
    }
    passed = outcome.next === "end" && outcome.passed;
    break;
  }
  const outputs = passed ? evaluateOutputs(workflow.outputs, context) : {};
  run.workflows[workflowId] = { inputs, outputs };
  return { passed, outputs };
}

/**
 * One workflow between its start and end events; an error ends it, and every workflow above it, failed.
 * @param {RunState} run
 * @param {string} workflowId
 * @param {Record<string, unknown>} inputs
 * @param {string[]} path
 * @param {string} [parentStepId]
 * @returns {AsyncGenerator<RunEvent, WorkflowResult>}
 */
async function* runOne(run, workflowId, inputs, path, parentStepId) {
  const parent = parentStepId ? { parentStepId } : {};
  yield { kind: "workflow-start", path, workflowId, ...parent };
  /** @type {WorkflowResult} */
  let result = { passed: false, outputs: {} };
  let stopped = false;
  try {
    result = yield* runSteps(run, workflowId, inputs, path);
  } catch (error) {
    stopped = true;
    if (!(error instanceof RunStopped)) {
      const stepId = error instanceof RunError ? error.stepId : undefined;
      yield { kind: "error", path, workflowId, ...(stepId ? { stepId } : {}), message: messageOf(error) };
    }
  }
  yield {
    kind: "workflow-end",
    path,
    workflowId,
    ...parent,
    passed: !stopped && result.passed,
    outputs: stopped ? {} : result.outputs,
  };
  if (stopped) throw new RunStopped();
  return result;
}

/**
 * Runs one workflow of an Arazzo document (its child workflows of the same document included), yielding
 * an event per request sent (per attempt) and per workflow started/ended; returns the top's result. A
 * caller steps through it with `next()` (one request per event of kind "step").
 * @param {RunOptions} options
 * @returns {AsyncGenerator<RunEvent, WorkflowResult>}
 */
export async function* runWorkflow(options) {
  /** @type {RunState} */
  const run = {
    document: /** @type {ArazzoDocument} */ (options.document),
    operations: options.operations,
    fetch: options.fetch,
    sleep: options.sleep ?? waitFor,
    maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS,
    requests: 0,
    gotos: 0,
    workflows: {},
  };
  try {
    return yield* runOne(run, options.workflowId, options.inputs ?? {}, [options.workflowId]);
  } catch {
    return { passed: false, outputs: {} };
  }
}

/**
 * Runs it to the end.
 * @param {RunOptions} options
 * @returns {Promise<WorkflowResult & { events: RunEvent[] }>}
 */
export async function runWorkflowToEnd(options) {
  /** @type {RunEvent[]} */
  const events = [];
  const run = runWorkflow(options);
  for (;;) {
    const step = await run.next();
    if (step.done) return { ...step.value, events };
    events.push(step.value);
  }
}
