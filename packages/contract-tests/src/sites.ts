import { REQUEST_MEDIA_ORDER } from "@xads/spec/lib/media.mjs";
import type { Operation } from "@xads/spec/lib/model.mjs";
import type { Node } from "@xads/spec/lib/operations.mjs";
import { resolve } from "@xads/spec/lib/operations.mjs";
import type { LoadedBundle } from "./bundle.js";

/** One step into a request body value: a property of an object or an index of an array. */
export type Step = { property: string } | { index: number };

/**
 * One place of a request that carries a value with its own schema: a query, path or header parameter,
 * a top-level body property, the whole body (an array body's item count), or a property of the `params`
 * of a batch item (`body[].params.<name>`; cases change the first item).
 */
export interface Site {
  /** The reference as the spec's x-rules write it: `query.count`, `body.name`, `body[].params.budget`. */
  ref: string;
  in: "query" | "path" | "header" | "body";
  /** The parameter name; for the body, the reference. */
  name: string;
  required: boolean;
  /** Where the value sits inside the body value (empty for parameters and the whole body). */
  steps: Step[];
  /** The schema, `$ref` resolved and `allOf` merged. */
  schema: Node;
  /** A valid value to build the case values from (undefined when neither spec nor schema gives one). */
  example: unknown;
}

/** Resolves `$ref`s and merges `allOf` into one schema (properties and required lists are combined). */
export function flatten(document: Node, node: unknown): Node {
  const schema = resolve<Node | undefined>(document, node) ?? {};
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...own } = schema;
  const merged: Node = {};
  for (const part of [...allOf.map((p: unknown) => flatten(document, p)), own]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties") merged.properties = { ...merged.properties, ...(value as Node) };
      else if (key === "required") merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])];
      else merged[key] = value;
    }
  }
  return merged;
}

/** True when the schema's `type` is (or lists) the given type. */
export function hasType(schema: Node, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** A value a schema documents for itself: example, first of examples, default, first enum value, const. */
function documentedValue(schema: Node): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null);
  return schema.const;
}

/** A valid value for a schema that documents none: the smallest one its bounds allow, if it validates. */
export function seedValue(bundle: LoadedBundle, node: unknown): unknown {
  const schema = flatten(bundle.document, node);
  const documented = documentedValue(schema);
  if (documented !== undefined) return documented;
  let value: unknown;
  if (hasType(schema, "string")) value = "a".repeat(Math.max(schema.minLength ?? 1, 1));
  else if (hasType(schema, "integer") || hasType(schema, "number")) {
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    value = Math.min(low, schema.maximum ?? low);
  } else if (hasType(schema, "boolean")) value = true;
  else if (hasType(schema, "array")) {
    const item = seedValue(bundle, schema.items ?? {});
    value = item === undefined ? undefined : Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => item);
  }
  return value !== undefined && bundle.validator(schema)(value) ? value : undefined;
}

/** The value found at `steps` inside a body value. */
export function valueAt(value: unknown, steps: Step[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== "object") return undefined;
    current = "index" in step ? (current as unknown[])[step.index] : (current as Node)[step.property];
  }
  return current;
}

/** The request-body media type the suites send (the model's pick, when they know how to send it) with its schema and example. */
export function bodyMedia(bundle: LoadedBundle, entry: Operation) {
  const body = entry.requestBody;
  if (!body || !REQUEST_MEDIA_ORDER.includes(body.mediaType)) return undefined;
  return { mediaType: body.mediaType, schema: flatten(bundle.document, body.schema), example: body.example };
}

/** Every site of an operation, in a stable order: parameters as declared, then the body. */
export function sitesOf(bundle: LoadedBundle, entry: Operation): Site[] {
  const sites: Site[] = [];
  for (const parameter of entry.parameters) {
    if (!parameter.schema || !["query", "path", "header"].includes(parameter.in)) continue;
    const schema = flatten(bundle.document, parameter.schema);
    sites.push({
      ref: `${parameter.in}.${parameter.name}`,
      in: parameter.in as Site["in"],
      name: parameter.name,
      required: parameter.required,
      steps: [],
      schema,
      example: parameter.example ?? seedValue(bundle, schema),
    });
  }
  const media = bodyMedia(bundle, entry);
  if (!media) return sites;
  const { schema, example } = media;
  const bodySite = (ref: string, steps: Step[], node: unknown, required: boolean): Site => {
    const flat = flatten(bundle.document, node);
    const found = valueAt(example, steps);
    return { ref, in: "body", name: ref, required, steps, schema: flat, example: found ?? seedValue(bundle, flat) };
  };
  if (hasType(schema, "object") || schema.properties) {
    for (const [property, node] of Object.entries<Node>(schema.properties ?? {})) {
      sites.push(bodySite(`body.${property}`, [{ property }], node, (schema.required ?? []).includes(property)));
    }
  } else if (hasType(schema, "array")) {
    sites.push({ ref: "body", in: "body", name: "body", required: true, steps: [], schema, example });
    const items = flatten(bundle.document, schema.items);
    for (const [property, node] of Object.entries<Node>(items.properties ?? {})) {
      const itemRequired = (items.required ?? []).includes(property);
      const inner = flatten(bundle.document, node);
      if (property === "params" && inner.properties) {
        for (const [name, param] of Object.entries<Node>(inner.properties)) {
          const steps: Step[] = [{ index: 0 }, { property }, { property: name }];
          sites.push(bodySite(`body[].params.${name}`, steps, param, (inner.required ?? []).includes(name)));
        }
      } else {
        sites.push(bodySite(`body[].${property}`, [{ index: 0 }, { property }], node, itemRequired));
      }
    }
  }
  return sites;
}
