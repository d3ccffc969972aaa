// The Arazzo runner of the reference site's guides: runs a workflow of spec/workflows step by step, in
// a web page against the emulator in the page or in Node. No Node built-ins in any of its modules.
export { CriterionError, checkCriteria, checkCriterion, criterionType } from "./criteria.mjs";
export {
  bodyValue,
  displayValue,
  ExpressionError,
  evaluateExpression,
  evaluateValue,
  interpolate,
  isExpression,
  resolvePointer,
} from "./expressions.mjs";
export { buildRequest, parameterText, RequestError } from "./request.mjs";
export { DEFAULT_MAX_REQUESTS, runWorkflow, runWorkflowToEnd } from "./run.mjs";

/** @typedef {import("./request.mjs").RunnerOperation} RunnerOperation */
/** @typedef {import("./request.mjs").SentRequest} SentRequest */
/** @typedef {import("./criteria.mjs").Check} Check */
/** @typedef {import("./run.mjs").OperationTable} OperationTable */
/** @typedef {import("./run.mjs").ReceivedAnswer} ReceivedAnswer */
/** @typedef {import("./run.mjs").RunEvent} RunEvent */
/** @typedef {import("./run.mjs").RunOptions} RunOptions */
/** @typedef {import("./run.mjs").WorkflowResult} WorkflowResult */
