// Ajv errors in the API's own error shape: { code, parameter, message }. A message names the
// parameter and the schema keyword it breaks; it repeats numbers and booleans it got, never strings
// (a string may be a token or other secret), only their length where the length is the problem.

import type { AjvError, ValidationError } from "./types.js";

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

function valueAt(root: unknown, segments: string[]): unknown {
  let current = root;
  for (const segment of segments) {
    if (typeof current !== "object" || current === null) return undefined;
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

function explain(error: AjvError, name: string): string {
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
    case "unevaluatedProperties":
      return `${name} must not have the property ${p.unevaluatedProperty}`;
    default:
      return `${name} ${error.message ?? "is invalid"}`;
  }
}

/**
 * Converts Ajv errors. `locate` maps the instance path segments to the name an error gives the place
 * (a parameter name, or a body path); `missingCode` is the code of a missing required value.
 */
export function convertErrors(
  errors: readonly AjvError[],
  root: unknown,
  locate: (segments: string[]) => string,
  codes: { invalid: string; missing: string },
): ValidationError[] {
  const out: ValidationError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const segments = error.instancePath ? error.instancePath.slice(1).split("/").map(unescapePointer) : [];
    const missing = error.keyword === "required";
    const target = missing ? [...segments, String(error.params.missingProperty)] : segments;
    const parameter = locate(target);
    const value = missing ? undefined : valueAt(root, segments);
    const message = `${explain(error, parameter)} (${error.keyword})${missing ? "" : describeValue(value, error.keyword)}`;
    const converted = { code: missing ? codes.missing : codes.invalid, parameter, message };
    const key = `${converted.code}\u0000${parameter}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(converted);
    }
  }
  return out;
}
