// @xads/validator: validates X Ads API requests and responses against the documents, with code
// generated at build time. validateRequest / validateResponse look operations up by id, typed by it
// (and so import every operation); import an operation module (`@xads/validator/operations/<id>`) to
// load only that one.

import { operations, routes } from "./generated/registry.js";
import type { OperationValidator } from "./runtime/operation.js";
import type {
  RequestInput,
  ResponseOptions,
  ResponseValidation,
  ValidateOptions,
  ValidationResult,
} from "./runtime/types.js";
import type { CoercedRequestOf, OperationId, RequestOf, ResponseBodyOf, StatusOf } from "./typed.js";

export * from "./generated/operations/index.js";
export { locateReference, MAX_DEPTH, ruleScopesOf } from "./generated/shared.js";
export type { OperationTypes } from "./generated/types.js";
export type { OperationValidator } from "./runtime/operation.js";
export type { Rule, RuleKind } from "./runtime/rules/index.js";
export type { Located, RuleRequest, Scope as RuleScope } from "./runtime/rules/reference.js";
export type {
  CoercedRequest,
  RequestInput,
  ResponseOptions,
  ResponseValidation,
  RuleOutcome,
  ValidateOptions,
  ValidationError,
  ValidationResult,
} from "./runtime/types.js";
export type { CoercedRequestOf, OperationId, RequestOf, ResponseBodyOf, StatusOf } from "./typed.js";

/**
 * The operation's validator, for an id known only at run time (untyped input); throws on an unknown
 * operationId (a programming error, not bad input).
 */
export function getOperation(operationId: string): OperationValidator {
  const operation = Object.hasOwn(operations, operationId) ? operations[operationId] : undefined;
  if (!operation) throw new Error(`@xads/validator: unknown operationId "${operationId}"`);
  return operation;
}

/**
 * Validates a request: parameters and body against their schemas (after coercion), then the x-rules.
 * A valid answer holds the request as validated, typed by the operation (`CoercedRequestOf<Id>`).
 */
export function validateRequest<Id extends OperationId>(
  operationId: Id,
  input?: RequestOf<Id>,
  options?: ValidateOptions,
): ValidationResult<CoercedRequestOf<Id>> {
  return getOperation(operationId).validateRequest(input as RequestInput | undefined, options) as ValidationResult<
    CoercedRequestOf<Id>
  >;
}

/**
 * Validates a response body against the response the status selects (exact, `2XX`, `default`); a
 * valid answer holds the body (parsed, when given as JSON text), typed by the operation and status.
 */
export function validateResponse<Id extends OperationId, S extends StatusOf<Id>>(
  operationId: Id,
  status: S,
  body: unknown,
  options?: ResponseOptions,
): ResponseValidation<ResponseBodyOf<Id, S>>;
export function validateResponse<Id extends OperationId>(
  operationId: Id,
  status: number | string,
  body: unknown,
  options?: ResponseOptions,
): ResponseValidation;
export function validateResponse(
  operationId: OperationId,
  status: number | string,
  body: unknown,
  options?: ResponseOptions,
): ResponseValidation {
  return getOperation(operationId).validateResponse(status, body, options);
}

/**
 * A type guard: true when `body` (already parsed) is valid for the response the status selects,
 * tolerantly unless `strict` (see validateResponse). Text is not parsed here: use validateResponse for
 * a body given as JSON text.
 */
export function isValidResponse<Id extends OperationId, S extends StatusOf<Id>>(
  operationId: Id,
  status: S,
  body: unknown,
  options: Pick<ResponseOptions, "strict"> = {},
): body is ResponseBodyOf<Id, S> {
  if (typeof body === "string") return false;
  return getOperation(operationId).validateResponse(status as number | string, body, options).valid;
}

/** The operationId of a method and path template (`GET`, `/12/accounts/{account_id}`), if any. */
export function findOperationId(method: string, pathTemplate: string): OperationId | undefined {
  const key = `${method.toUpperCase()} ${pathTemplate}`;
  return Object.hasOwn(routes, key) ? (routes[key] as OperationId) : undefined;
}

/** Every operationId the validator knows. */
export function listOperationIds(): OperationId[] {
  return Object.keys(operations) as OperationId[];
}
