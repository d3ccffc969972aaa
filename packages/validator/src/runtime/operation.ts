// One operation's validator: request (coercion, schema, x-rules) and responses. The generator emits
// one `defineOperation` call per operation; everything per operation is data or generated code.

import { coerceBody, coerceParameters, headerObject, queryObject } from "./coerce.js";
import { convertErrors, pathName } from "./errors.js";
import { type Checks, checkRules, type Rule } from "./rules/index.js";
import type {
  BodyDescriptor,
  ParameterDescriptor,
  RequestInput,
  ResponseDescriptor,
  SchemaValidator,
  ValidateOptions,
  ValidationError,
  ValidationResult,
} from "./types.js";

export interface OperationDefinition {
  document: string;
  operationId: string;
  method: string;
  path: string;
  parameters: readonly ParameterDescriptor[];
  body: BodyDescriptor | undefined;
  rules: readonly Rule[];
  /** The check of each kind its rules use (rules/kinds/<kind>.ts), imported by the generated module. */
  checks: Checks;
  request: SchemaValidator;
  /** By status code, `1XX`..`5XX` range or `default`. */
  responses: Readonly<Record<string, ResponseDescriptor>>;
}

export interface OperationValidator extends OperationDefinition {
  validateRequest(input?: RequestInput, options?: ValidateOptions): ValidationResult;
  validateResponse(status: number | string, body: unknown): ValidationResult;
}

const VALID: ValidationResult = Object.freeze({ valid: true });

function result(errors: ValidationError[]): ValidationResult {
  return errors.length === 0 ? VALID : { valid: false, errors };
}

/** The response a status selects: the exact code, then its range (`2XX`), then `default`. */
export function selectResponse(responses: Readonly<Record<string, ResponseDescriptor>>, status: number | string) {
  const code = String(status);
  return responses[code] ?? responses[`${code[0]}XX`] ?? responses.default;
}

export function defineOperation(definition: OperationDefinition): OperationValidator {
  const byLocation = {
    path: definition.parameters.filter((p) => p.in === "path"),
    query: definition.parameters.filter((p) => p.in === "query"),
    header: definition.parameters.filter((p) => p.in === "header"),
  };
  const formBody = definition.body !== undefined && !definition.body.mediaType.includes("json");

  function locateRequest(segments: string[]): string {
    const [where, ...rest] = segments;
    if (where !== "body") return pathName(rest);
    return formBody && rest.length > 0 ? pathName(rest) : pathName(rest, "body");
  }

  function validateRequest(input: RequestInput = {}, options: ValidateOptions = {}): ValidationResult {
    const body = coerceBody(input.body, definition.body);
    const request = {
      path: coerceParameters({ ...(input.path ?? {}) }, byLocation.path),
      query: coerceParameters(queryObject(input.query), byLocation.query),
      header: coerceParameters(headerObject(input.headers), byLocation.header),
      body: body.value,
    };
    const errors: ValidationError[] = [];
    if (body.unreadable)
      errors.push({
        code: "INVALID_PARAMETER",
        parameter: "body",
        message: `${body.unreadable} (${definition.body?.mediaType})`,
      });
    if (!definition.request(request)) {
      const schemaErrors = convertErrors(definition.request.errors ?? [], request, locateRequest, {
        invalid: "INVALID_PARAMETER",
        missing: "MISSING_PARAMETER",
      });
      // An unreadable body was sent: it is reported as such, not as missing.
      errors.push(...(body.unreadable ? schemaErrors.filter((e) => e.parameter !== "body") : schemaErrors));
    }
    if (definition.rules.length > 0) {
      errors.push(
        ...checkRules(definition.rules, definition.checks, {
          ...request,
          rawBody: body.raw,
          bodyMediaType: definition.body?.mediaType,
          now: options.now ?? new Date(),
        }),
      );
    }
    return result(errors);
  }

  function validateResponse(status: number | string, body: unknown): ValidationResult {
    const response = selectResponse(definition.responses, status);
    if (!response) {
      return result([
        {
          code: "UNDOCUMENTED_STATUS",
          parameter: "status",
          message: `${definition.operationId} documents no response for status ${status}`,
        },
      ]);
    }
    if (!response.validate) return VALID;
    let value = body;
    if (typeof body === "string" && response.mediaType?.includes("json")) {
      try {
        value = JSON.parse(body);
      } catch {
        return result([
          {
            code: "INVALID_RESPONSE",
            parameter: "body",
            message: `the body is not valid JSON (${response.mediaType})`,
          },
        ]);
      }
    }
    if (response.validate(value)) return VALID;
    return result(
      convertErrors(response.validate.errors ?? [], value, (segments) => pathName(segments) || "body", {
        invalid: "INVALID_RESPONSE",
        missing: "INVALID_RESPONSE",
      }),
    );
  }

  return { ...definition, validateRequest, validateResponse };
}
