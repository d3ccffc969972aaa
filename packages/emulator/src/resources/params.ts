// Wire strings typed as the operation's parameter schemas say ("3" -> 3, "true" -> true, "a,b" ->
// ["a", "b"]). Runs after the validator accepted the request, so every value reads as its type; an
// empty value is kept as "" (it clears an optional field on update).
import type { ParameterSpec } from "../spec-types.js";

function typed(text: string, type: string | undefined): unknown {
  if (text === "") return "";
  if (type === "integer" || type === "number") return Number(text);
  if (type === "boolean") return text === "true";
  return text;
}

export function typeValue(value: unknown, spec: ParameterSpec | undefined): unknown {
  if (!spec) return value;
  if (spec.type === "array") {
    const items = Array.isArray(value)
      ? value
      : typeof value === "string"
        ? value === ""
          ? []
          : value.split(",")
        : [value];
    return items.map((item) => (typeof item === "string" ? typed(item, spec.items) : item));
  }
  return typeof value === "string" ? typed(value, spec.type) : value;
}

/** The query (and form) parameters the operation declares, typed, in the order they were sent. */
export function typedParams(query: URLSearchParams, specs: readonly ParameterSpec[]): Record<string, unknown> {
  // No prototype: a parameter named `__proto__` is a key like any other.
  const out: Record<string, unknown> = Object.create(null);
  for (const name of new Set(query.keys())) {
    const spec = specs.find((p) => p.name === name && p.in === "query");
    const values = query.getAll(name);
    out[name] = typeValue(values.length === 1 ? values[0] : values, spec);
  }
  return out;
}

/** A declared boolean or number parameter's value, else its schema default. */
export function paramOrDefault(
  params: Record<string, unknown>,
  specs: readonly ParameterSpec[],
  name: string,
): unknown {
  if (params[name] !== undefined && params[name] !== "") return params[name];
  return specs.find((p) => p.name === name)?.default;
}
