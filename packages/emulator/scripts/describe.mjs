// What the emulator needs of the spec, read from the spec model only (loadSpec()): per document its
// name, mock port, servers and their former host names; per operation its route, security, success answer, error-body style,
// parameters (for typing wire strings) and x-xads-resource; per resource (the ads document's
// x-xads-resources) its id, parent, record fields, a template record and the example records it
// starts with.
import { resolve } from "@xads/spec/lib/operations.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("@xads/spec/lib/model.mjs").SpecDocument} SpecDocument */

const RATE_LIMIT_HEADER = /^x-(account-)?rate-limit-/;

/**
 * Every schema an `allOf` combines, resolved, the schema itself first.
 * @param {Node} bundle
 * @param {Node | undefined} schema
 * @returns {Node[]}
 */
function parts(bundle, schema) {
  if (!schema) return [];
  const node = resolve(bundle, schema);
  return [node, ...(node.allOf ?? []).flatMap((/** @type {Node} */ part) => parts(bundle, part))];
}

/**
 * @param {Node} bundle
 * @param {Node | undefined} schema
 * @returns {"single" | "array" | "list" | "batch" | "other"}
 */
function envelopeOf(bundle, schema) {
  const all = parts(bundle, schema);
  if (all.some((p) => (p.required ?? []).includes("next_cursor"))) return "list";
  const data = all.find((p) => p.properties?.data)?.properties.data;
  if (!data) return "other";
  const request = all.find((p) => p.properties?.request)?.properties.request;
  if (request && resolve(bundle, request).type === "array") return "batch";
  // A `data` array outside a list (an account's feature keys, tweet previews).
  const typed = all.map((p) => p.properties?.data).find((d) => d && resolve(bundle, d).type);
  return typed && resolve(bundle, typed).type === "array" ? "array" : "single";
}

/**
 * The record schema of a response: `data`, or the items of an array `data`.
 * @param {Node} bundle
 * @param {Node | undefined} schema
 * @returns {Node | undefined}
 */
function recordSchema(bundle, schema) {
  const candidates = parts(bundle, schema)
    .filter((p) => p.properties?.data)
    .map((p) => resolve(bundle, p.properties.data))
    .map((data) => (data.type === "array" && data.items ? resolve(bundle, data.items) : data));
  // The envelope's own `data` is untyped; the operation's part gives the record.
  return candidates.find((c) => c.properties);
}

/**
 * The style of the error bodies an operation answers, from its documented error schemas.
 * @param {Node} bundle
 * @param {Operation} operation
 * @returns {"ads" | "auth" | "upload-v1" | "problem"}
 */
function errorStyleOf(bundle, operation) {
  for (const response of operation.responses) {
    if (!/^[45]|default/.test(response.status)) continue;
    const schema = Object.values(response.media)[0]?.schema;
    const all = parts(bundle, schema);
    if (all.some((p) => (p.required ?? []).includes("title") && p.properties?.detail)) return "problem";
    const errors = all.find((p) => p.properties?.errors)?.properties.errors;
    if (errors) {
      const item = resolve(bundle, resolve(bundle, errors).items ?? {});
      const code = item.properties?.code ? resolve(bundle, item.properties.code) : undefined;
      return code?.type === "integer" ? "auth" : "ads";
    }
    if (schema) return "upload-v1";
  }
  return "ads";
}

/**
 * @param {Node} bundle
 * @param {Operation} operation
 * @returns {string[]}
 */
function securityKinds(bundle, operation) {
  const requirements = operation.raw.security ?? bundle.security ?? [];
  const kinds = requirements.map((/** @type {Node} */ requirement) => {
    const name = Object.keys(requirement)[0];
    if (name === undefined) return "none";
    const scheme = resolve(bundle, bundle.components?.securitySchemes?.[name] ?? {});
    return scheme.type === "http" ? String(scheme.scheme).toLowerCase() : "oauth1";
  });
  return kinds.length > 0 ? [...new Set(kinds)] : ["none"];
}

/**
 * The API error codes the document knows, with their status (AdsError's `x-known-values`).
 * @param {Node} bundle
 * @returns {Record<string, number>}
 */
function knownErrorCodes(bundle) {
  const error = bundle.components?.schemas?.AdsError;
  const known = error ? resolve(bundle, error).properties?.code?.["x-known-values"] : undefined;
  return Object.fromEntries(
    Object.entries(known ?? {}).flatMap(([status, codes]) =>
      /** @type {string[]} */ (codes).map((code) => [code, Number(status)]),
    ),
  );
}

/**
 * How to type a wire string of this schema.
 * @param {Node} bundle
 * @param {Node} raw
 * @returns {{ type: string, nullable: boolean, items?: string }}
 */
function typeOf(bundle, raw) {
  const schema = resolve(bundle, raw);
  // `anyOf: [<type>, EmptyValue]` (an update parameter an empty value clears): the typed branch.
  const branches = /** @type {Node[]} */ (schema.anyOf ?? schema.oneOf ?? []).map((b) => resolve(bundle, b));
  const typed = branches.filter((b) => !(b.const === "" || b.maxLength === 0));
  if (!schema.type && typed.length === 1 && typed[0]) {
    const inner = typeOf(bundle, typed[0]);
    return { ...inner, nullable: inner.nullable || branches.some((b) => b.type === "null") };
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((/** @type {string} */ t) => t !== "null") ?? (schema.enum ? "string" : "any");
  const items = type === "array" && schema.items ? typeOf(bundle, schema.items).type : undefined;
  return { type, nullable: types.includes("null"), ...(items ? { items } : {}) };
}

/**
 * @param {{ media: Record<string, { example: unknown, examples: Record<string, unknown> }> } | undefined} response
 * @returns {unknown}
 */
function exampleOfResponse(response) {
  const media = response ? Object.values(response.media)[0] : undefined;
  if (!media) return undefined;
  return media.example !== undefined ? media.example : Object.values(media.examples)[0];
}

/**
 * A sandbox-only operation's server URLs, current and former: those of an operation whose `servers`
 * are all sandbox servers of a document that has production ones. Null for every other operation.
 * @param {SpecDocument} document
 * @param {Operation} operation
 * @returns {string[] | null}
 */
function sandboxOnlyServersOf(document, operation) {
  const sandboxOnly =
    operation.servers.length > 0 &&
    operation.servers.every((s) => s.environment === "sandbox") &&
    document.servers.some((s) => s.environment === "production");
  return sandboxOnly ? [...new Set(operation.servers.flatMap((s) => [s.url, ...s.legacyUrls]))] : null;
}

/**
 * @param {SpecDocument} document
 * @param {Operation} operation
 */
function describeOperation(document, operation) {
  const bundle = document.bundle();
  const success = operation.responses.find((r) => /^2/.test(r.status));
  const successMedia = success ? Object.keys(success.media)[0] : undefined;
  const successSchema = success && successMedia ? success.media[successMedia]?.schema : undefined;
  const extension = operation.raw["x-xads-resource"];
  const count = operation.parameters.find((p) => p.name === "count" && p.in === "query")?.schema;
  return {
    id: operation.id,
    document: document.name,
    method: operation.method.toUpperCase(),
    path: operation.path,
    security: operation.security,
    // Every scheme it accepts (the upload host's v2 endpoints take a bearer token as well).
    securityKinds: securityKinds(bundle, operation),
    successStatus: Number(success?.status ?? 200),
    successMediaType: successMedia ?? null,
    envelope: successMedia?.includes("json") ? envelopeOf(bundle, successSchema) : "other",
    errorStyle: errorStyleOf(bundle, operation),
    errorStatuses: operation.responses
      .map((r) => r.status)
      .filter((s) => /^[45]/.test(s))
      .map(Number),
    headers: Object.keys(success?.headers ?? {}),
    fixedHeaders: Object.fromEntries(
      Object.entries(success?.headers ?? {})
        .filter(([name, header]) => !RATE_LIMIT_HEADER.test(name) && header.example !== undefined)
        .map(([name, header]) => [name, String(header.example)]),
    ),
    parameters: operation.parameters
      .filter((p) => p.in === "query" || p.in === "path")
      .map((p) => ({
        name: p.name,
        in: p.in,
        ...typeOf(bundle, p.schema),
        ...(p.schema.default !== undefined ? { default: p.schema.default } : {}),
      })),
    bodyMediaType: operation.requestBody?.mediaType ?? null,
    count: count ? { default: count.default ?? 200, min: count.minimum ?? 1, max: count.maximum ?? 1000 } : null,
    batchItems: operation.batch?.items ?? null,
    resource: extension ? { name: String(extension.resource), action: String(extension.action) } : null,
    servers: sandboxOnlyServersOf(document, operation),
    // Hand-written behaviour (`custom`) may start from the example (the fixture account's features).
    example: (extension && extension.action !== "custom") || !success ? null : (exampleOfResponse(success) ?? null),
  };
}

/**
 * @param {SpecDocument} document
 * @param {string} name
 * @param {Node} declaration
 */
function describeResource(document, name, declaration) {
  const operations = document.operations().filter((o) => o.raw["x-xads-resource"]?.resource === name);
  const by = (/** @type {string} */ action) => operations.find((o) => o.raw["x-xads-resource"].action === action);
  const bundle = document.bundle();
  const read = by("get") ?? by("list");
  if (!read) throw new Error(`x-xads-resources.${name}: no get or list operation names it`);
  const success = (/** @type {Operation | undefined} */ o) => o?.responses.find((r) => /^2/.test(r.status));
  const readResponse = success(read);
  const schema = recordSchema(bundle, readResponse ? Object.values(readResponse.media)[0]?.schema : undefined);
  if (!schema?.properties) throw new Error(`x-xads-resources.${name}: ${read.id} answers no record schema`);
  // An unsent field of a new record takes the API's default for the create parameter, then the
  // record schema's own.
  /** @type {Map<string, unknown>} */
  const createDefaults = new Map();
  // The model's parameter schemas are resolved, with the keywords beside a `$ref` (its `default`).
  for (const parameter of by("create")?.parameters ?? []) {
    if (parameter.schema?.default !== undefined) createDefaults.set(parameter.name, parameter.schema.default);
  }
  const fields = Object.fromEntries(
    Object.entries(schema.properties).map(([field, raw]) => {
      const property = { ...resolve(bundle, raw) };
      if (property.default === undefined && createDefaults.has(field)) property.default = createDefaults.get(field);
      const { type, nullable } = typeOf(bundle, property);
      return [
        field,
        {
          type,
          nullable,
          ...(property.format ? { format: String(property.format) } : {}),
          ...(property.default !== undefined ? { default: property.default } : {}),
        },
      ];
    }),
  );
  // The field that holds a record's id: `id`, else the field its id parameter names (`media_key`).
  const key = "id" in fields ? "id" : String(declaration.idParameter);
  if (!(key in fields)) throw new Error(`x-xads-resources.${name}: the record has neither id nor ${key}`);
  const soft = "deleted" in fields;
  const records = (/** @type {unknown} */ example) => {
    const data = /** @type {{ data?: unknown } | undefined} */ (example)?.data;
    return (Array.isArray(data) ? data : data ? [data] : []).filter(
      (r) => typeof r === "object" && r !== null && typeof r[key] === "string",
    );
  };
  const seeds = new Map();
  for (const operation of [by("get"), by("list")]) {
    for (const record of records(exampleOfResponse(success(operation)))) {
      if (!seeds.has(record[key])) seeds.set(record[key], soft ? { ...record, deleted: false } : { ...record });
    }
  }
  const idParameter =
    read.parameters.find((p) => p.name === declaration.idParameter) ??
    by("update")?.parameters.find((p) => p.name === declaration.idParameter);
  const idExample = String(idParameter?.example ?? [...seeds.keys()][0] ?? "");
  const parent = declaration.parent ? String(declaration.parent) : null;
  const template = records(exampleOfResponse(success(by("create") ?? read)))[0] ?? [...seeds.values()][0];
  return {
    name,
    document: document.name,
    exampleIds: exampleIdsOf(document, String(declaration.idParameter), new Set(seeds.keys())),
    idParameter: String(declaration.idParameter),
    // A parent of another document (`ads:custom_audience`) is named without its document: the
    // emulator keeps every document's records in one store.
    parent: parent?.includes(":") ? parent.slice(parent.indexOf(":") + 1) : parent,
    parentParameter: declaration.parentParameter ? String(declaration.parentParameter) : null,
    key,
    delete: declaration.delete === "hard" ? "hard" : "soft",
    id: { shape: String(declaration.id), length: idExample.length || 5 },
    required: schema.required ?? [],
    fields,
    template,
    seeds: [...seeds.values()],
  };
}

/**
 * The ids of a resource that the document's request examples name (parameters and body `params`) but
 * no record example shows: the emulator creates them, so the example requests find what they name.
 * @param {SpecDocument} document
 * @param {string} idParameter
 * @param {Set<string>} seeded
 * @returns {string[]}
 */
function exampleIdsOf(document, idParameter, seeded) {
  const ids = new Set();
  // The list form of the parameter (`media_keys`) names ids too: an array, or a comma-separated string.
  const listParameter = `${idParameter}s`;
  /** @param {unknown} value */
  const addList = (value) => {
    const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
    for (const item of items) if (typeof item === "string" && item !== "") ids.add(item);
  };
  /** @param {unknown} value */
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null)
      for (const [key, item] of Object.entries(value)) {
        if (key === idParameter && typeof item === "string") ids.add(item);
        else if (key === listParameter) addList(item);
        else visit(item);
      }
  };
  for (const operation of document.operations()) {
    const action = operation.raw["x-xads-resource"]?.action;
    // A create's own id and a delete's target are not references.
    for (const p of operation.parameters) {
      if (p.in !== "query") continue;
      if (p.name === idParameter && typeof p.example === "string") ids.add(p.example);
      // A list's `<id>s` filter names what it looks for, not what must exist.
      if (p.name === listParameter && action !== "list") addList(p.example);
    }
    if (action !== "create") visit(operation.requestBody?.example);
  }
  return [...ids].filter((id) => !seeded.has(id)).sort();
}

/**
 * Every server a document's operations are called on: its own, then its paths' and operations'.
 * @param {SpecDocument} document
 */
const serversOf = (document) => [...document.servers, ...document.operations().flatMap((o) => o.servers)];

/** @param {import("@xads/spec/lib/model.mjs").Spec} spec */
export function describeSpec(spec) {
  const documents = spec.served("api");
  return {
    documents: documents.map((d) => ({
      name: d.name,
      title: d.title,
      mockPort: d.mockPort,
      errorCodes: knownErrorCodes(d.bundle()),
      servers: [...new Set(serversOf(d).map((s) => s.url))],
      legacyServers: [...new Set(serversOf(d).flatMap((s) => s.legacyUrls))],
    })),
    operations: documents.flatMap((d) => d.operations().map((o) => describeOperation(d, o))),
    resources: documents.flatMap((d) =>
      Object.entries(d.bundle()["x-xads-resources"] ?? {}).map(([name, declaration]) =>
        describeResource(d, name, declaration),
      ),
    ),
  };
}
