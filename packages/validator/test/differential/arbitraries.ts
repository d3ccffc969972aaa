// fast-check arbitraries of requests from the parameter schemas: valid requests, and requests with a
// single mutation that breaks one constraint (a bound, a type, an enum, a required parameter, or one
// cross-field rule).
import { type Node, type OperationEntry, resolve } from "@xads/spec/lib/operations.mjs";
import fc from "fast-check";
import { examplesOf } from "../spec/bundles.js";

const CHARS = [..."abcdefghijklmnopqrstuvwxyz0123456789"];
const word = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...CHARS), minLength, maxLength });

export interface WireCase {
  operationId: string;
  method: string;
  path: Record<string, string>;
  /** Query values, typed; arrays are sent comma-separated or repeated as the parameter says. */
  query: Record<string, unknown>;
  body?: unknown;
  mutation: string;
  /** The x-rules id the mutation breaks, when it breaks one. */
  rule?: string;
}

function merged(document: Node, schema: unknown): Node {
  const node = resolve<Node>(document, schema ?? {});
  const parts = (node.allOf ?? []).map((b: unknown) => merged(document, b));
  return Object.assign({}, ...parts, node, { allOf: undefined });
}

function isType(schema: Node, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** Values a parameter schema accepts; undefined when the schema is too open or odd to generate. */
export function validValue(document: Node, parameter: Node): fc.Arbitrary<unknown> | undefined {
  const schema = merged(document, parameter.schema);
  const examples = [...examplesOf(document, parameter), ...examplesOf(document, schema)];
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.filter((v: unknown) => v !== null));
  if (isType(schema, "boolean")) return fc.boolean();
  if (isType(schema, "integer")) {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    const max =
      schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1_000_000);
    return fc.integer({ min, max });
  }
  if (isType(schema, "string")) {
    if (schema.format === "date-time") {
      return fc
        .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2030, 0, 1) / 1000 })
        .map((s) => new Date(s * 1000).toISOString().replace(".000Z", "Z"));
    }
    if (schema.pattern || schema.format) return examples.length > 0 ? fc.constantFrom(...examples) : undefined;
    const min = schema.minLength ?? 0;
    return word(Math.max(min, 1), Math.max(Math.min(schema.maxLength ?? 12, 12), min, 1));
  }
  if (isType(schema, "array")) {
    const items = validValue(document, { schema: schema.items ?? {} });
    if (!items || schema.uniqueItems) return examples.length > 0 ? fc.constantFrom(...examples) : undefined;
    const minLength = schema.minItems ?? 0;
    return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
  }
  return examples.length > 0 ? fc.constantFrom(...examples) : undefined;
}

/** Mutations of one parameter that break exactly one of its constraints. */
function breakingValues(document: Node, parameter: Node): Array<{ name: string; value: fc.Arbitrary<unknown> }> {
  const schema = merged(document, parameter.schema);
  const out: Array<{ name: string; value: fc.Arbitrary<unknown> }> = [];
  const items = merged(document, schema.items ?? {});
  if (Array.isArray(schema.enum) && schema.enum.every((v: unknown) => typeof v === "string"))
    out.push({ name: "enum", value: fc.constant("NOT_ONE_OF_THE_VALUES") });
  if (isType(schema, "boolean")) out.push({ name: "type boolean", value: fc.constantFrom("yes", "1", "TRUE") });
  if (isType(schema, "integer") && !isType(schema, "string")) {
    out.push({ name: "type integer", value: fc.constantFrom("abc", "1.5") });
    if (schema.maximum !== undefined)
      out.push({ name: "maximum", value: fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1000 }) });
    if (schema.minimum !== undefined)
      out.push({ name: "minimum", value: fc.integer({ min: schema.minimum - 1000, max: schema.minimum - 1 }) });
  }
  if (isType(schema, "string") && !schema.enum) {
    if (schema.maxLength !== undefined && !schema.pattern && !schema.format)
      out.push({ name: "maxLength", value: word(schema.maxLength + 1, schema.maxLength + 5) });
    if (schema.pattern) out.push({ name: "pattern", value: fc.constant("!!not matching!!") });
    if (schema.format === "date-time")
      out.push({ name: "format date-time", value: fc.constantFrom("yesterday", "2026-13-01T00:00:00Z") });
  }
  if (isType(schema, "array")) {
    const item = validValue(document, { schema: schema.items ?? {} });
    if (schema.maxItems !== undefined && item && !schema.uniqueItems) {
      out.push({
        name: "maxItems",
        value: fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 3 }),
      });
    }
    if (isType(items, "integer") && !isType(items, "string"))
      out.push({ name: "items type integer", value: fc.constant(["abc"]) });
    if (Array.isArray(items.enum) && items.enum.every((v: unknown) => typeof v === "string"))
      out.push({ name: "items enum", value: fc.constant(["NOT_ONE_OF_THE_VALUES"]) });
  }
  return out;
}

/** Requests for one operation, or undefined when a required parameter cannot be generated. */
export function caseArbitrary(document: Node, entry: OperationEntry): fc.Arbitrary<WireCase> | undefined {
  const parameters = entry.parameters.filter((p) => p.in === "path" || p.in === "query");
  const values: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of parameters) {
    const arbitrary = validValue(document, parameter);
    if (!arbitrary) {
      if (parameter.required) return undefined;
      continue;
    }
    values[`${parameter.in}:${parameter.name}`] = parameter.required
      ? arbitrary
      : fc.option(arbitrary, { nil: undefined, freq: 2 });
  }
  const body = resolve<Node>(document, entry.operation.requestBody);
  const media = body?.content?.["application/json"];
  const bodyExample = media ? examplesOf(document, media)[0] : undefined;
  if (body?.required && bodyExample === undefined) return undefined;

  type Mutation = {
    name: string;
    apply: (draft: Record<string, unknown>) => fc.Arbitrary<Record<string, unknown>>;
    rule?: string;
  };
  const mutations: Mutation[] = [{ name: "none", apply: (draft) => fc.constant(draft) }];
  for (const parameter of parameters) {
    const key = `${parameter.in}:${parameter.name}`;
    // A path without one of its parameters is another route, not a request missing a parameter.
    if (parameter.required && parameter.in === "query")
      mutations.push({
        name: `${parameter.name} required`,
        apply: (draft) => fc.constant({ ...draft, [key]: undefined }),
      });
    for (const breaking of breakingValues(document, parameter)) {
      mutations.push({
        name: `${parameter.name} ${breaking.name}`,
        apply: (draft) => breaking.value.map((value) => ({ ...draft, [key]: value })),
      });
    }
  }
  for (const rule of entry.rules) {
    if (rule.kind !== "exclusive" && rule.kind !== "requires") continue;
    const names: string[] = rule.kind === "exclusive" ? rule.parameters.slice(0, 2) : [rule.if];
    const targets = names.map((ref) => parameters.find((p) => `${p.in}.${p.name}` === ref));
    if (targets.some((t) => !t || !values[`${t.in}:${t.name}`])) continue;
    const arbitraries = targets.map((t) => validValue(document, t as Node) as fc.Arbitrary<unknown>);
    mutations.push({
      name: `rule ${rule.id}`,
      rule: rule.id,
      apply: (draft) =>
        fc.tuple(...arbitraries).map((picked) => {
          const next: Record<string, unknown> = { ...draft };
          targets.forEach((t, i) => {
            next[`${t?.in}:${t?.name}`] = picked[i];
          });
          if (rule.kind === "requires") for (const then of rule.then) next[then.replace(".", ":")] = undefined;
          return next;
        }),
    });
  }

  return fc
    .record(values)
    .chain((draft) =>
      fc
        .constantFrom(...mutations)
        .chain((mutation) => mutation.apply(draft).map((mutated) => ({ mutated, mutation }))),
    )
    .map(({ mutated, mutation }) => {
      const wire: WireCase = {
        operationId: entry.operationId,
        method: entry.method.toUpperCase(),
        path: {},
        query: {},
        mutation: mutation.name,
      };
      if (mutation.rule) wire.rule = mutation.rule;
      for (const [key, value] of Object.entries(mutated)) {
        if (value === undefined) continue;
        const [where, name] = key.split(":") as [string, string];
        if (where === "path") wire.path[name] = String(value);
        else wire.query[name] = value;
      }
      if (bodyExample !== undefined) wire.body = bodyExample;
      return wire;
    });
}

/** The query string of a case: arrays comma-separated (style form, explode false) or repeated. */
export function queryString(entry: OperationEntry, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const parameter = entry.parameters.find((p) => p.in === "query" && p.name === name);
    if (Array.isArray(value)) {
      if (parameter?.explode === false) params.append(name, value.join(","));
      else for (const item of value) params.append(name, String(item));
    } else {
      params.append(name, String(value));
    }
  }
  return params.toString();
}

export function fillPath(template: string, path: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ""));
}
