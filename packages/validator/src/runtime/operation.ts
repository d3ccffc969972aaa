// One operation's validator: request (coercion, schema, x-rules) and responses. The generator emits
// one `defineOperation` call per operation; everything per operation is data or generated code.

import { coerceBody, coerceParameters, headerObject, queryObject } from "./coerce.js";
import { batchPlace, convertErrors, ErrorList, pathName } from "./errors.js";
import { type Checks, checkRules, type Rule } from "./rules/index.js";
import { DEFAULT_MAX_ERRORS, ErrorSink, type SchemaFunction } from "./schema-runtime.js";
import { tolerable } from "./tolerance.js";
import type {
  BodyDescriptor,
  ParameterDescriptor,
  RequestInput,
  ResponseDescriptor,
  ResponseOptions,
  ResponseValidation,
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
  request: SchemaFunction;
  /** By status code, `1XX`..`5XX` range or `default`. */
  responses: Readonly<Record<string, ResponseDescriptor>>;
}

export interface OperationValidator extends OperationDefinition {
  validateRequest(input?: RequestInput, options?: ValidateOptions): ValidationResult;
  validateResponse(status: number | string, body: unknown, options?: ResponseOptions): ResponseValidation;
}

function invalid(errors: ValidationError[]): { valid: false; errors: ValidationError[] } {
  return { valid: false, errors };
}

function withBatchPlace(error: ValidationError): ValidationError {
  const place = batchPlace(error.parameter);
  return place ? { ...error, ...place } : error;
}

const STATUS = /^[1-5]\d\d$/;

/**
 * The response a status selects: the exact code, then its range (`2XX`), then `default`. Anything but
 * a three-digit status from 100 to 599 selects nothing.
 */
export function selectResponse(
  responses: Readonly<Record<string, ResponseDescriptor>>,
  status: number | string,
): ResponseDescriptor | undefined {
  const code = String(status);
  if (!STATUS.test(code)) return undefined;
  for (const key of [code, `${code[0]}XX`, "default"]) if (Object.hasOwn(responses, key)) return responses[key];
  return undefined;
}

function maxErrorsOf(options: Pick<ValidateOptions, "maxErrors">): number {
  const max = options.maxErrors;
  if (max === undefined) return DEFAULT_MAX_ERRORS;
  if (typeof max !== "number" || !Number.isInteger(max) || max < 1)
    throw new RangeError(
      `@xads/validator: the option maxErrors must be a positive integer, got ${describeStatus(max)}`,
    );
  return max;
}

/** A status or option as a message may show it: numbers as they are, anything else by its type. */
function describeStatus(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string" && /^[0-9A-Za-z]{1,8}$/.test(value)) return JSON.stringify(value);
  return `a ${typeof value}`;
}

/** Path parameters given as an object: own properties only, on an object with no prototype. */
function recordOf(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  if (typeof value === "object" && value !== null) Object.assign(out, value);
  return out;
}

export function defineOperation(definition: OperationDefinition): OperationValidator {
  const byLocation = {
    path: definition.parameters.filter((p) => p.in === "path"),
    query: definition.parameters.filter((p) => p.in === "query"),
    header: definition.parameters.filter((p) => p.in === "header"),
  };
  const formBody = definition.body !== undefined && !definition.body.mediaType.includes("json");
  const jsonBody = definition.body !== undefined && !formBody;

  function locateRequest(segments: string[]): string {
    const [where, ...rest] = segments;
    if (where !== "body") return pathName(rest);
    return formBody && rest.length > 0 ? pathName(rest) : pathName(rest, "body");
  }

  function validateRequest(input: RequestInput = {}, options: ValidateOptions = {}): ValidationResult {
    const max = maxErrorsOf(options);
    const query = queryObject(input.query);
    const body = coerceBody(input.body, definition.body, query);
    const request = {
      path: coerceParameters(recordOf(input.path), byLocation.path),
      query: coerceParameters(query, byLocation.query),
      header: coerceParameters(headerObject(input.headers), byLocation.header),
      body: body.value,
    };
    const list = new ErrorList(max, { code: "INVALID_PARAMETER", parameter: "request" });
    if (body.unreadable)
      list.add({
        code: "INVALID_PARAMETER",
        parameter: "body",
        message: `${body.unreadable} (${definition.body?.mediaType})`,
      });
    for (const name of body.conflicts ?? [])
      list.add({
        code: "INVALID_PARAMETER",
        parameter: name,
        message: `${name} is sent in the query and in the body with different values (they are one set of fields)`,
      });
    if (!definition.request(request, null, "", 0)) {
      const sink = new ErrorSink(max);
      definition.request(request, sink, "", 0);
      const codes = { invalid: "INVALID_PARAMETER", missing: "MISSING_PARAMETER" };
      for (const error of convertErrors(sink, request, locateRequest, codes)) {
        // An unreadable body was sent: it is reported as such, not as missing.
        if (!(body.unreadable && error.parameter === "body")) list.add(error);
      }
      list.omitted += sink.omitted;
    }
    // Past the limit of listed errors the x-rules add nothing that can be shown: they are left unchecked
    // (a million bad items is answered in time), and the summary says so.
    if (list.omitted > 0 && definition.rules.length > 0) list.note = "the x-rules were not checked";
    else if (definition.rules.length > 0) {
      checkRules(
        definition.rules,
        definition.checks,
        { ...request, rawBody: body.raw, bodyMediaType: definition.body?.mediaType, now: options.now ?? new Date() },
        list.add,
        options.onRule,
      );
    }
    const errors = list.list();
    if (errors.length === 0) {
      return {
        valid: true,
        request: { path: request.path, query: request.query, headers: request.header, body: body.value },
      };
    }
    // A batch: each error also names its item, and its place within the item.
    if (jsonBody && Array.isArray(body.value)) return invalid(errors.map(withBatchPlace));
    return invalid(errors);
  }

  function validateResponse(status: number | string, body: unknown, options: ResponseOptions = {}): ResponseValidation {
    const max = maxErrorsOf(options);
    const response = selectResponse(definition.responses, status);
    if (!response) {
      return invalid([
        {
          code: "UNDOCUMENTED_STATUS",
          parameter: "status",
          message: `${definition.operationId} documents no response for status ${describeStatus(status)}`,
        },
      ]);
    }
    if (!response.validate) return { valid: true, body };
    let value = body;
    if (typeof body === "string" && response.mediaType?.includes("json")) {
      try {
        value = JSON.parse(body);
      } catch {
        if (response.text) return { valid: true, body };
        return invalid([
          {
            code: "INVALID_RESPONSE",
            parameter: "body",
            message: `the body is not valid JSON (${response.mediaType})`,
          },
        ]);
      }
    }
    if (response.validate(value, null, "", 0)) return { valid: true, body: value };
    const sink = new ErrorSink(max);
    response.validate(value, sink, "", 0);
    const list = new ErrorList(max, { code: "INVALID_RESPONSE", parameter: "body" });
    const codes = { invalid: "INVALID_RESPONSE", missing: "INVALID_RESPONSE" };
    for (const error of convertErrors(sink, value, (segments) => pathName(segments) || "body", codes)) list.add(error);
    list.omitted += sink.omitted;
    if (!options.strict && sink.omitted === 0 && tolerable(sink.errors))
      return { valid: true, body: value, warnings: list.list() };
    return invalid(list.list());
  }

  return { ...definition, validateRequest, validateResponse };
}
