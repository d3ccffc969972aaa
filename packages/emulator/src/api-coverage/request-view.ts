// A request's parameters as coverage reads them from an exchange: the query (with the form body of an
// operation that takes its parameters that way), the headers and the body, typed as the validator's
// coercion plans type them (numbers, booleans, comma-separated lists), so that the x-rules' references
// and the bounds read the values the validator read.
import type { OperationValidator } from "@xads/validator";
import type { Exchange } from "../observe/exchange.js";

type Plan = OperationValidator["parameters"][number]["plan"];

export interface RequestView {
  /** The parameters as sent, by name (the last value of a repeated one). */
  rawQuery: Record<string, string>;
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  header: Record<string, unknown>;
  /** A JSON body parsed, a form body as its fields; undefined when none was sent or it is not shown (multipart). */
  body: unknown;
  /** The body's size in UTF-8 bytes, when its text is shown. */
  bodyBytes(): number | undefined;
}

function coerceText(text: string, plan: Plan | undefined): unknown {
  const types = plan?.types ?? [];
  if (types.includes("integer") || types.includes("number")) {
    if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  }
  if (types.includes("boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

function coerceValues(values: string[], plan: Plan | undefined, commaSeparated: boolean): unknown {
  if (plan?.types.includes("array")) {
    const items = commaSeparated ? values.join(",").split(",") : values;
    return items.map((item) => coerceText(item, plan.items));
  }
  return coerceText(values[values.length - 1] ?? "", plan);
}

function typedFields(
  fields: URLSearchParams,
  planOf: (name: string) => { plan: Plan | undefined; commaSeparated: boolean },
): Record<string, unknown> {
  const typed: Record<string, unknown> = Object.create(null);
  for (const name of new Set(fields.keys())) {
    const { plan, commaSeparated } = planOf(name);
    typed[name] = coerceValues(fields.getAll(name), plan, commaSeparated);
  }
  return typed;
}

export function requestView(exchange: Exchange, validator: OperationValidator): RequestView {
  const contentType = exchange.requestHeaders["content-type"] ?? "";
  const text = exchange.requestBody;
  const form = /application\/x-www-form-urlencoded/i.test(contentType) && text !== undefined;
  const query = new URL(exchange.url).searchParams;
  // Ordinary parameters may come as a form body (facts file, "Where parameters travel").
  if (form && !validator.body) for (const [name, value] of new URLSearchParams(text)) query.append(name, value);
  const parameter = (name: string) => {
    const found = validator.parameters.find((p) => p.in === "query" && p.name === name);
    return { plan: found?.plan, commaSeparated: found?.commaSeparated ?? true };
  };
  let body: unknown;
  if (validator.body && /json/i.test(contentType) && text !== undefined) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  } else if (validator.body && (form || (text === undefined && validator.body.fieldsInQuery))) {
    // Fields that may travel in the query (`x-xads-fields-in-query`) are one set with the form's.
    const fields = new URLSearchParams(validator.body.fieldsInQuery ? [...query] : []);
    if (form) for (const [name, value] of new URLSearchParams(text)) fields.append(name, value);
    body = typedFields(fields, (name) => ({ plan: validator.body?.plan.properties?.[name], commaSeparated: true }));
  }
  const header: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(exchange.requestHeaders)) header[name.toLowerCase()] = value;
  return {
    rawQuery: Object.fromEntries(query),
    query: typedFields(query, parameter),
    path: Object.create(null),
    header,
    body,
    bodyBytes: () => (text === undefined ? undefined : new TextEncoder().encode(text).length),
  };
}
