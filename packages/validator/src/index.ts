// @xads/validator: validates X Ads API requests and responses against the documents, with standalone
// code generated at build time. validateRequest / validateResponse look operations up by id (and so
// import every operation); import an operation by name (`import { listAccounts }`) to tree-shake.

import { operations, routes } from "./generated/registry.js";
import type { OperationValidator } from "./runtime/operation.js";
import type { RequestInput, ValidateOptions, ValidationResult } from "./runtime/types.js";

export * from "./generated/operations/index.js";
export type { OperationValidator } from "./runtime/operation.js";
export type { Rule, RuleKind } from "./runtime/rules/index.js";
export type { RequestInput, ValidateOptions, ValidationError, ValidationResult } from "./runtime/types.js";

/** The operation's validator; throws on an unknown operationId (a programming error, not bad input). */
export function getOperation(operationId: string): OperationValidator {
  const operation = Object.hasOwn(operations, operationId) ? operations[operationId] : undefined;
  if (!operation) throw new Error(`@xads/validator: unknown operationId "${operationId}"`);
  return operation;
}

/** Validates a request: parameters and body against their schemas (after coercion), then the x-rules. */
export function validateRequest(
  operationId: string,
  input?: RequestInput,
  options?: ValidateOptions,
): ValidationResult {
  return getOperation(operationId).validateRequest(input, options);
}

/** Validates a response body against the response the status selects (exact, `2XX`, `default`). */
export function validateResponse(operationId: string, status: number | string, body: unknown): ValidationResult {
  return getOperation(operationId).validateResponse(status, body);
}

/** The operationId of a method and path template (`GET`, `/12/accounts/{account_id}`), if any. */
export function findOperationId(method: string, pathTemplate: string): string | undefined {
  const key = `${method.toUpperCase()} ${pathTemplate}`;
  return Object.hasOwn(routes, key) ? routes[key] : undefined;
}

/** Every operationId the validator knows. */
export function listOperationIds(): string[] {
  return Object.keys(operations);
}
