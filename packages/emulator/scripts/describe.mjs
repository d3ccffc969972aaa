// What the emulator needs of the spec, as the operation catalogue (spec/lib/catalogue.mjs) gives it:
// per document its name, mock port, servers and their former host names; per operation its route,
// security, success answer, error-body style, parameters (for typing wire strings) and
// x-xads-resource; per resource (the ads document's x-xads-resources) its id, parent, record fields,
// a template record and the example records it starts with. A view: it maps catalogue entries to the
// shapes of src/spec-types.ts and reads no OpenAPI node itself.

/** @typedef {import("@xads/spec/lib/catalogue.mjs").Catalogue} Catalogue */
/** @typedef {import("@xads/spec/lib/catalogue.mjs").CatalogueDocument} CatalogueDocument */
/** @typedef {import("@xads/spec/lib/catalogue.mjs").CatalogueOperation} CatalogueOperation */
/** @typedef {import("@xads/spec/lib/catalogue.mjs").ResourceDeclaration} ResourceDeclaration */
/** @typedef {import("@xads/spec/lib/catalogue.mjs").WireType} WireType */

const RATE_LIMIT_HEADER = /^x-(account-)?rate-limit-/;

/**
 * The emulator's name of each envelope kind (src/spec-types.ts `Envelope`).
 * @type {Record<import("@xads/spec/lib/catalogue.mjs").EnvelopeKind, string>}
 */
const ENVELOPE = { list: "list", batch: "batch", records: "array", record: "single", bare: "other", none: "other" };

/**
 * @param {WireType} wire
 * @param {boolean} [withItems]
 */
const typed = (wire, withItems = true) => ({
  type: wire.type,
  nullable: wire.nullable,
  ...(withItems && wire.items ? { items: wire.items } : {}),
});

/**
 * A sandbox-only operation's server URLs, current and former: those of an operation whose `servers`
 * are all sandbox servers of a document that has production ones. Null for every other operation.
 * @param {CatalogueDocument} document
 * @param {CatalogueOperation} operation
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
 * @param {CatalogueDocument} document
 * @param {CatalogueOperation} operation
 */
function describeOperation(document, operation) {
  const { success, resource } = operation;
  const count = operation.parameters.find((p) => p.name === "count" && p.in === "query");
  return {
    id: operation.id,
    document: operation.document,
    method: operation.method.toUpperCase(),
    path: operation.path,
    security: operation.security,
    // Every scheme it accepts (the upload host's v2 endpoints take a bearer token as well).
    securityKinds: operation.securityKinds,
    successStatus: success?.status ?? 200,
    successMediaType: success?.mediaType ?? null,
    envelope: ENVELOPE[success?.envelope ?? "none"],
    errorStyle: operation.errorStyle,
    errorStatuses: operation.errorStatuses,
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
        ...typed(p.wire),
        ...(p.default !== undefined ? { default: p.default } : {}),
      })),
    bodyMediaType: operation.requestBody?.mediaType ?? null,
    count: count ? { default: count.default ?? 200, min: count.minimum ?? 1, max: count.maximum ?? 1000 } : null,
    batchItems: operation.batch?.items ?? null,
    resource: resource ?? null,
    servers: sandboxOnlyServersOf(document, operation),
    // Hand-written behaviour (`custom`) may start from the example (the fixture account's features).
    example: (resource && resource.action !== "custom") || !success ? null : (success.example ?? null),
  };
}

/**
 * The example records of an answer: its `data`, or each item of an array `data`, that carry their key.
 * @param {unknown} example
 * @param {string} key
 * @returns {Record<string, unknown>[]}
 */
function recordsOf(example, key) {
  const data = /** @type {{ data?: unknown } | undefined} */ (example)?.data;
  return /** @type {Record<string, unknown>[]} */ (
    (Array.isArray(data) ? data : data ? [data] : []).filter(
      (r) => typeof r === "object" && r !== null && typeof r[key] === "string",
    )
  );
}

/**
 * @param {CatalogueDocument} document
 * @param {string} name
 * @param {ResourceDeclaration} declaration
 */
function describeResource(document, name, declaration) {
  const operations = document.operations.filter((o) => o.resource?.name === name);
  const by = (/** @type {string} */ action) => operations.find((o) => o.resource?.action === action);
  const read = by("get") ?? by("list");
  if (!read) throw new Error(`x-xads-resources.${name}: no get or list operation names it`);
  const record = read.success?.record;
  if (!record) throw new Error(`x-xads-resources.${name}: ${read.id} answers no record schema`);
  // An unsent field of a new record takes the API's default for the create parameter, then the
  // record schema's own.
  /** @type {Map<string, unknown>} */
  const createDefaults = new Map();
  for (const parameter of by("create")?.parameters ?? []) {
    if (parameter.default !== undefined) createDefaults.set(parameter.name, parameter.default);
  }
  const fields = Object.fromEntries(
    Object.entries(record.fields).map(([field, { wire, format, default: own }]) => {
      const fallback = own === undefined && createDefaults.has(field) ? createDefaults.get(field) : own;
      return [
        field,
        {
          ...typed(wire, false),
          ...(format !== undefined ? { format } : {}),
          ...(fallback !== undefined ? { default: fallback } : {}),
        },
      ];
    }),
  );
  // The field that holds a record's id: `id`, else the field its id parameter names (`media_key`).
  const key = "id" in fields ? "id" : declaration.idParameter;
  if (!(key in fields)) throw new Error(`x-xads-resources.${name}: the record has neither id nor ${key}`);
  const soft = "deleted" in fields;
  /** @type {Map<unknown, Record<string, unknown>>} */
  const seeds = new Map();
  for (const operation of [by("get"), by("list")]) {
    for (const seed of recordsOf(operation?.success?.example, key)) {
      if (!seeds.has(seed[key])) seeds.set(seed[key], soft ? { ...seed, deleted: false } : { ...seed });
    }
  }
  const idParameter =
    read.parameters.find((p) => p.name === declaration.idParameter) ??
    by("update")?.parameters.find((p) => p.name === declaration.idParameter);
  const idExample = String(idParameter?.example ?? [...seeds.keys()][0] ?? "");
  const parent = declaration.parent ?? null;
  const template = recordsOf((by("create") ?? read).success?.example, key)[0] ?? [...seeds.values()][0];
  return {
    name,
    document: document.name,
    exampleIds: exampleIdsOf(document, declaration.idParameter, new Set(seeds.keys())),
    idParameter: declaration.idParameter,
    // A parent of another document (`ads:custom_audience`) is named without its document: the
    // emulator keeps every document's records in one store.
    parent: parent?.includes(":") ? parent.slice(parent.indexOf(":") + 1) : parent,
    parentParameter: declaration.parentParameter ?? null,
    key,
    delete: declaration.delete,
    id: { shape: declaration.id, length: idExample.length || 5 },
    required: record.required,
    fields,
    template,
    seeds: [...seeds.values()],
  };
}

/**
 * The ids of a resource that the document's request examples name (parameters and body `params`) but
 * no record example shows: the emulator creates them, so the example requests find what they name.
 * @param {CatalogueDocument} document
 * @param {string} idParameter
 * @param {Set<unknown>} seeded
 * @returns {string[]}
 */
function exampleIdsOf(document, idParameter, seeded) {
  /** @type {Set<string>} */
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
  for (const operation of document.operations) {
    const action = operation.resource?.action;
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
 * Every server a document's operations are called on: its own, then its operations'.
 * @param {CatalogueDocument} document
 */
const serversOf = (document) => [...document.servers, ...document.operations.flatMap((o) => o.servers)];

/**
 * @param {Catalogue} catalogue
 */
export function describeCatalogue(catalogue) {
  const documents = catalogue.served("api");
  return {
    documents: documents.map((d) => ({
      name: d.name,
      title: d.title,
      mockPort: d.mockPort,
      errorCodes: Object.fromEntries(
        Object.entries(d.knownErrorCodes).flatMap(([status, codes]) => codes.map((code) => [code, Number(status)])),
      ),
      servers: [...new Set(serversOf(d).map((s) => s.url))],
      legacyServers: [...new Set(serversOf(d).flatMap((s) => s.legacyUrls))],
    })),
    operations: documents.flatMap((d) => d.operations.map((o) => describeOperation(d, o))),
    resources: documents.flatMap((d) =>
      Object.entries(d.resources).map(([name, declaration]) => describeResource(d, name, declaration)),
    ),
  };
}
