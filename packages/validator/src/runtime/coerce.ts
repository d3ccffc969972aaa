// Turns raw wire strings into typed values, driven by the parameter and body schemas: "3" -> 3 for
// integers, "true" -> true for booleans, "a,b" -> ["a", "b"] for comma-separated arrays. A string that
// does not read as the type is left as it is, so the schema reports it with the parameter's name.
// Every object built from input has no prototype and is read by own properties only: a field named
// `__proto__`, `constructor` or `toString` is a field like any other.

import { textNestsDeeper, valueNestsDeeper } from "./nesting.js";
import { MAX_DEPTH } from "./schema-runtime.js";
import type { BodyDescriptor, CoercionPlan, ParameterDescriptor, RequestInput } from "./types.js";

/** An empty object with no prototype, for values keyed by input. */
export function record(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** Own enumerable entries of an object, copied onto one with no prototype. */
function ownCopy(value: object): Record<string, unknown> {
  return Object.assign(record(), value);
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function coerceString(text: string, plan: CoercionPlan): unknown {
  if (text === "" && plan.empty) return "";
  const types = plan.types;
  if (types.length === 0 || types.includes("string")) return text;
  if ((types.includes("integer") || types.includes("number")) && NUMBER.test(text)) return Number(text);
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  if (types.includes("null") && (text === "" || text === "null")) return null;
  if (types.includes("array")) return coerceValue(text, plan, true);
  return text;
}

/** Coerces a value: strings by the plan, arrays item by item, objects property by property. */
export function coerceValue(value: unknown, plan: CoercionPlan, commaSeparated: boolean): unknown {
  if (value === "" && plan.empty) return "";
  if (plan.types.includes("array") && !plan.types.includes("string")) {
    const items =
      typeof value === "string" ? (commaSeparated ? (value === "" ? [] : value.split(",")) : [value]) : value;
    if (Array.isArray(items) && plan.items) {
      const itemPlan = plan.items;
      return items.map((item) =>
        typeof item === "string" ? coerceString(item, itemPlan) : coerceValue(item, itemPlan, false),
      );
    }
    return items;
  }
  if (typeof value === "string") return coerceString(value, plan);
  if (plan.properties && typeof value === "object" && value !== null && !Array.isArray(value)) {
    const out = record();
    for (const [key, item] of Object.entries(value)) {
      const propertyPlan = Object.hasOwn(plan.properties, key) ? plan.properties[key] : undefined;
      out[key] = propertyPlan ? coerceValue(item, propertyPlan, true) : item;
    }
    return out;
  }
  return value;
}

/** Query input as an object: repeated keys become arrays of strings. */
export function queryObject(query: RequestInput["query"]): Record<string, unknown> {
  if (query === undefined || query === null) return {};
  if (typeof query === "string" || query instanceof URLSearchParams) {
    const params = typeof query === "string" ? new URLSearchParams(query.replace(/^\?/, "")) : query;
    const out = record();
    for (const key of new Set(params.keys())) {
      const values = params.getAll(key);
      out[key] = values.length === 1 ? values[0] : values;
    }
    return out;
  }
  return typeof query === "object" ? ownCopy(query) : record();
}

export function headerObject(headers: RequestInput["headers"]): Record<string, unknown> {
  const out = record();
  if (!headers || typeof headers !== "object") return out;
  const entries =
    typeof Headers !== "undefined" && headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [key, value] of entries) out[key.toLowerCase()] = value;
  return out;
}

/** Coerces the parameters of one location; values of undeclared names pass through unchanged. */
export function coerceParameters(
  values: Record<string, unknown>,
  parameters: readonly ParameterDescriptor[],
): Record<string, unknown> {
  const out = ownCopy(values);
  for (const parameter of parameters) {
    const value = out[parameter.name];
    if (value !== undefined) out[parameter.name] = coerceValue(value, parameter.plan, parameter.commaSeparated);
  }
  return out;
}

export interface CoercedBody {
  value: unknown;
  raw?: string;
  /** Set when the body text could not be read as its media type. */
  unreadable?: string;
  /** Fields sent both in the query and in the body with different values (`fieldsInQuery`). */
  conflicts?: string[];
}

/**
 * A multipart file part is binary data, which OpenAPI 3.1 describes as a string with a
 * `contentMediaType`; the schema can only check that it is there, so it is read as an empty string
 * (its bytes are not read: a 5 MB chunk stays a Blob).
 */
const filePartAsText = (value: FormDataEntryValue): string => (typeof value === "string" ? value : "");

const TOO_DEEP = `the body nests deeper than ${MAX_DEPTH} levels`;

/** A FormData's fields as wire strings: repeated names become arrays. */
function formDataFields(body: FormData): Record<string, unknown> {
  const out = record();
  for (const key of new Set(body.keys())) {
    const values = body.getAll(key).map(filePartAsText);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Form fields, with the query's merged in when the body's fields may travel there: one set of fields,
 * coerced by the body's schema. A name sent in both places with different values is a conflict.
 */
function formBody(
  fields: Record<string, unknown>,
  descriptor: BodyDescriptor,
  query: Record<string, unknown> | undefined,
  raw?: string,
): CoercedBody {
  const conflicts: string[] = [];
  if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (!Object.hasOwn(fields, key)) fields[key] = value;
      else if (!sameValue(fields[key], value)) conflicts.push(key);
    }
  }
  return {
    value: coerceValue(fields, descriptor.plan, true),
    ...(raw !== undefined ? { raw } : {}),
    ...(conflicts.length > 0 ? { conflicts } : {}),
  };
}

/**
 * Reads a body given as text (JSON or form) or as a form object, then coerces it by its schema: form
 * and multipart fields are strings on the wire, whichever media type the schema is read from. A JSON
 * body nested deeper than MAX_DEPTH, as text or as a value, is unreadable whatever its schema says.
 * With `fieldsInQuery`, the query's parameters are fields of a form body too (`query`: the query as an
 * object), and a query alone makes the body.
 */
export function coerceBody(
  body: unknown,
  descriptor: BodyDescriptor | undefined,
  query: Record<string, unknown> = {},
): CoercedBody {
  if (!descriptor) return { value: body };
  const inQuery = descriptor.fieldsInQuery ? query : undefined;
  if (body === undefined) {
    return inQuery && Object.keys(inQuery).length > 0 ? formBody(record(), descriptor, inQuery) : { value: body };
  }
  const form =
    descriptor.mediaType === "application/x-www-form-urlencoded" || descriptor.mediaType === "multipart/form-data";
  if (typeof body === "string") {
    if (form) return formBody(queryObject(body), descriptor, inQuery, body);
    if (descriptor.mediaType.includes("json")) {
      if (textNestsDeeper(body, MAX_DEPTH)) return { value: undefined, raw: body, unreadable: TOO_DEEP };
      try {
        return { value: JSON.parse(body), raw: body };
      } catch {
        return { value: undefined, raw: body, unreadable: "the body is not valid JSON" };
      }
    }
    return { value: body, raw: body };
  }
  if (body instanceof URLSearchParams) return formBody(queryObject(body), descriptor, inQuery, body.toString());
  if (typeof FormData !== "undefined" && body instanceof FormData)
    return formBody(formDataFields(body), descriptor, inQuery);
  if (form) return { value: coerceValue(body, descriptor.plan, true) };
  if (descriptor.mediaType.includes("json") && valueNestsDeeper(body, MAX_DEPTH))
    return { value: undefined, unreadable: TOO_DEEP };
  return { value: body };
}
