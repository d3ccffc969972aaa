// Schema errors in the API's own error shape: { code, parameter, message }. A message names the
// parameter and the schema keyword it breaks; it repeats numbers and booleans it got, never strings
// (a string may be a token or other secret), only their length where the length is the problem.

import { CappedErrors, type ErrorSink, type SchemaError } from "./schema-runtime.js";
import type { ValidationError } from "./types.js";

function unescapePointer(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** `/data/3/name` -> `data[3].name`; `prefix` is prepended (`body`). */
export function pathName(segments: string[], prefix = ""): string {
  let name = prefix;
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) name += `[${segment}]`;
    else name = name ? `${name}.${segment}` : segment;
  }
  return name;
}

const ITEM_PREFIX = /^body\[(\d+)\]/;

/**
 * The batch item an error of a JSON array body names, and the place within the item: `body[3]` ->
 * item 3; `body[3].operation_type` -> `operation_type`; `body[3].params.name` -> `name` (the API names
 * a batch item's parameters without their `params` object). Undefined for any other place.
 */
export function batchPlace(parameter: string): { item: number; field?: string } | undefined {
  const prefix = ITEM_PREFIX.exec(parameter);
  if (!prefix) return undefined;
  const item = Number(prefix[1]);
  const rest = parameter.slice(prefix[0].length);
  if (rest === "") return { item };
  const field = rest.startsWith(".") ? rest.slice(1) : rest;
  return { item, field: field.startsWith("params.") && field.length > 7 ? field.slice(7) : field };
}

function valueAt(root: unknown, segments: string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function describeValue(value: unknown, keyword: string): string {
  if (typeof value === "number" || typeof value === "boolean" || value === null)
    return `, got ${JSON.stringify(value)}`;
  if (Array.isArray(value)) return keyword.endsWith("Items") ? `, got ${value.length} items` : ", got an array";
  if (typeof value === "string") return keyword.endsWith("Length") ? `, got ${[...value].length} characters` : "";
  if (typeof value === "object") return ", got an object";
  return "";
}

function listValues(values: unknown[]): string {
  const shown = values.slice(0, 12).map((v) => JSON.stringify(v));
  return values.length > 12 ? `${shown.join(", ")}, ... (${values.length} values)` : shown.join(", ");
}

function explain(error: SchemaError, name: string): string {
  const p = error.params;
  switch (error.keyword) {
    case "required":
      return `${name} is required`;
    case "type":
      return `${name} must be ${String(p.type).replaceAll(",", " or ")}`;
    case "minimum":
      return `${name} must be at least ${p.limit}`;
    case "maximum":
      return `${name} must be at most ${p.limit}`;
    case "exclusiveMinimum":
      return `${name} must be greater than ${p.limit}`;
    case "exclusiveMaximum":
      return `${name} must be less than ${p.limit}`;
    case "minLength":
      return `${name} must have at least ${p.limit} characters`;
    case "maxLength":
      return `${name} must have at most ${p.limit} characters`;
    case "minItems":
      return `${name} must have at least ${p.limit} items`;
    case "maxItems":
      return `${name} must have at most ${p.limit} items`;
    case "enum":
      return `${name} must be one of ${listValues((p.allowedValues as unknown[] | undefined) ?? [])}`;
    case "const":
      return `${name} must be ${JSON.stringify(p.allowedValue)}`;
    case "pattern":
      return `${name} must match ${p.pattern}`;
    case "format":
      return `${name} must be a valid ${p.format}`;
    case "additionalProperties":
      return `${name} must not have the property ${p.additionalProperty}`;
    case "maxProperties":
      return `${name} must have at most ${p.limit} properties`;
    case "minProperties":
      return `${name} must have at least ${p.limit} properties`;
    case "multipleOf":
      return `${name} must be a multiple of ${p.multipleOf}`;
    case "dependentRequired":
      return `${name} must have the property ${p.missingProperty} when it has ${p.property}`;
    case "anyOf":
      return `${name} must match one of the schemas in anyOf`;
    case "oneOf":
      return p.passing === 0
        ? `${name} must match exactly one of the schemas in oneOf, matches none`
        : `${name} must match exactly one of the schemas in oneOf, matches ${p.passing}`;
    case "discriminator":
      return `${name} must be one of ${listValues((p.allowedValues as unknown[] | undefined) ?? [])}`;
    case "not":
      return `${name} must not match the schema in not`;
    case "depth":
      return `${name} nests deeper than ${p.limit} levels`;
    default:
      return `${name} is invalid`;
  }
}

/**
 * Converts the errors a sink collected. `locate` maps the instance path segments to the name an error
 * gives the place (a parameter name, or a body path); `missing` is the code of a missing required
 * value. The sink's omitted errors are the caller's to sum up (see ErrorList).
 */
export function convertErrors(
  sink: ErrorSink,
  root: unknown,
  locate: (segments: string[]) => string,
  codes: { invalid: string; missing: string },
): ValidationError[] {
  const out: ValidationError[] = [];
  const seen = new Set<string>();
  for (const error of sink.errors) {
    const segments = error.instancePath ? error.instancePath.slice(1).split("/").map(unescapePointer) : [];
    const missing = error.keyword === "required";
    const target = missing ? [...segments, String(error.params.missingProperty)] : segments;
    const parameter = locate(target);
    // A missing value has none to describe, and a too-deep one is described by its depth.
    const described = missing || error.keyword === "depth" ? "" : describeValue(valueAt(root, segments), error.keyword);
    const message = `${explain(error, parameter)} (${error.keyword})${described}`;
    const converted = { code: missing ? codes.missing : codes.invalid, parameter, message };
    const key = `${converted.code}\u0000${parameter}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(converted);
    }
  }
  return out;
}

/** The errors of one validation: the first `max` listed, the rest counted in one last error. */
export class ErrorList extends CappedErrors<ValidationError> {
  /** What the summary adds: checks left out once the limit was passed. */
  note: string | undefined;
  constructor(
    max: number,
    private readonly summary: { code: string; parameter: string },
  ) {
    super(max);
  }

  add = (error: ValidationError): void => this.keep(error);

  /** The listed errors, and a last one counting the rest. */
  list(): ValidationError[] {
    if (this.omitted === 0) return this.errors;
    return [
      ...this.errors,
      {
        ...this.summary,
        message: `${this.omitted} more errors not listed (at most ${this.max} are listed: the maxErrors option)${this.note ? `; ${this.note}` : ""}`,
      },
    ];
  }
}
