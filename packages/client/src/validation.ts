import { parseFormPairs } from "@xads/oauth1";
import type { Middleware } from "openapi-fetch";
import { XAdsValidationError } from "./errors.js";

/** One finding of the validator. */
export interface ValidationIssue {
  code: string;
  parameter?: string;
  message: string;
}

export type ValidationResult = { valid: true } | { valid: false; errors: ValidationIssue[] };

/** One operation's validator, as `@xads/validator`'s `getOperation` answers it. */
export interface OperationValidatorLike {
  validateRequest(request: {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    headers?: Record<string, unknown>;
    body?: unknown;
  }): ValidationResult | Promise<ValidationResult>;
  validateResponse(status: number, body: unknown): ValidationResult | Promise<ValidationResult>;
}

/**
 * The part of `@xads/validator` the client uses; pass the module itself (`await import("@xads/validator")`).
 * The client knows an operation by its route at run time, so it asks `getOperation` by id.
 */
export interface ValidatorModule {
  findOperationId(method: string, pathTemplate: string): string | undefined;
  getOperation(operationId: string): OperationValidatorLike;
}

export type ValidationMode = "off" | "requests" | "requests-and-responses";

export interface ValidationOptions {
  mode: ValidationMode;
  validator: ValidatorModule;
}

async function readBody(message: Request | Response): Promise<unknown> {
  if (message.body === null) return undefined;
  const type = message.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/")) return undefined;
  const text = await message.clone().text();
  if (text === "") return undefined;
  if (type.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(parseFormPairs(text));
  if (type.includes("json")) return JSON.parse(text);
  return text;
}

/**
 * Middleware that validates each request before it is sent (and, in `requests-and-responses` mode,
 * each response) with the generated validators. An invalid request throws {@link XAdsValidationError}
 * and never reaches the network.
 */
export function validationMiddleware({ mode, validator }: ValidationOptions): Middleware {
  const operationIds = new Map<string, string | undefined>();
  const operationOf = (method: string, schemaPath: string) => {
    const key = `${method} ${schemaPath}`;
    if (!operationIds.has(key)) operationIds.set(key, validator.findOperationId(method.toLowerCase(), schemaPath));
    return operationIds.get(key);
  };
  return {
    async onRequest({ request, schemaPath, params }) {
      if (mode === "off") return undefined;
      const operationId = operationOf(request.method, schemaPath);
      if (!operationId) return undefined;
      const result = await validator.getOperation(operationId).validateRequest({
        path: params.path,
        query: params.query,
        headers: params.header,
        body: await readBody(request),
      });
      if (!result.valid) throw new XAdsValidationError("request", operationId, result.errors);
      return undefined;
    },
    async onResponse({ request, response, schemaPath }) {
      if (mode !== "requests-and-responses") return undefined;
      const operationId = operationOf(request.method, schemaPath);
      if (!operationId) return undefined;
      const result = await validator
        .getOperation(operationId)
        .validateResponse(response.status, await readBody(response));
      if (!result.valid) throw new XAdsValidationError("response", operationId, result.errors);
      return undefined;
    },
  };
}
