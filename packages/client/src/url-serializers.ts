// The client's URL serializers for openapi-fetch, each made once per process instead of once per request.
import { createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import { boundedCache } from "./bounded-cache.js";

/** Comma-separated lists (id filters) are `style: form, explode: false` in the documents. */
export const querySerializer = createQuerySerializer({ array: { style: "form", explode: false } });

/** A template split at its `{name}` parameters: literal, name, literal, ..., literal. */
type Compiled = string[];

const PARAMETER = /\{([^{}]+)\}/;
/** Templates whose parameters carry a style (`{name*}`, `{.name}`, `{;name}`) go to openapi-fetch's serializer. */
const STYLED = /\{[^{}]*[*.;][^{}]*\}/;
const MAX_TEMPLATES = 1024;

/** A template split once; null for a styled one. */
const compiled = boundedCache(MAX_TEMPLATES, (template): Compiled | null =>
  STYLED.test(template) ? null : template.split(PARAMETER),
);

/**
 * openapi-fetch's path serializer for `style: simple` scalars (every path parameter of the documents),
 * with each template split once: a value is `encodeURIComponent`-ed in place of its `{name}`, a missing
 * one leaves `{name}` as it is. Arrays, objects and styled templates take openapi-fetch's own path.
 * At most {@link MAX_TEMPLATES} templates are kept, so that ad-hoc paths cannot grow the cache.
 */
export function pathSerializer(template: string, params: Record<string, unknown>): string {
  const parts = compiled(template);
  if (parts === null) return defaultPathSerializer(template, params);
  let url = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = params[name];
    if (value === undefined || value === null) url += `{${name}}`;
    else if (typeof value === "object") return defaultPathSerializer(template, params);
    else url += encodeURIComponent(value as string | number | boolean);
    url += parts[i + 1];
  }
  return url;
}
