// The operation catalogue: what every operation does, decided once from the spec model, for the
// generators that turn it into their own formats (the emulator's route tables, @xads/types' facts, the
// validator's modules). Each answer is one function of spec/lib (envelopes, error bodies, security,
// wire types, coercion plans, media types, rate limits), so no reader outside spec/ decides again what
// a list, a batch or an error body is.
import { coercionPlanOf } from "./coercion-plans.mjs";
import { envelopeOf, recordSchemaOf } from "./envelopes.mjs";
import { errorStyleOf, isErrorStatus, knownErrorCodesOf } from "./error-bodies.mjs";
import { linkProblems, linksOf } from "./links.mjs";
import { mayAnswerText, pickResponseMediaType } from "./media.mjs";
import { loadSpec, operationsOf } from "./model.mjs";
import { resolve } from "./operations.mjs";
import { rateLimitsOf, rateLimitWindowsOf } from "./rate-limits.mjs";
import { securityKind } from "./security.mjs";
import { stringEnumsOf } from "./string-enums.mjs";
import { uploadLimitsOf } from "./upload-limits.mjs";
import { isCommaSeparated, wireTypeOf } from "./wire-types.mjs";

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {import("./model.mjs").Spec} Spec */
/** @typedef {import("./model.mjs").SpecDocument} SpecDocument */
/** @typedef {import("./model.mjs").Operation} Operation */
/** @typedef {import("./model.mjs").Server} Server */
/** @typedef {import("./model.mjs").DocumentRole} DocumentRole */
/** @typedef {import("./security.mjs").SecurityKind} SecurityKind */
/** @typedef {import("./envelopes.mjs").EnvelopeKind} EnvelopeKind */
/** @typedef {import("./error-bodies.mjs").ErrorStyle} ErrorStyle */
/** @typedef {import("./wire-types.mjs").WireType} WireType */
/** @typedef {import("./rate-limits.mjs").RateLimitWindow} RateLimitWindow */
/** @typedef {import("./string-enums.mjs").StringEnum} StringEnum */
/** @typedef {import("./upload-limits.mjs").UploadLimits} UploadLimits */
/** @typedef {import("./coercion-plans.mjs").CoercionPlan} CoercionPlan */
/** @typedef {import("./links.mjs").CatalogueLink} CatalogueLink */
/** @typedef {import("../rules/registry.mjs").ParsedRule} ParsedRule */
/** @typedef {import("../rules/registry.mjs").Registry} RuleRegistry */

/**
 * @typedef {object} CatalogueParameter
 * @property {string} name
 * @property {"path" | "query" | "header" | "cookie"} in
 * @property {boolean} required
 * @property {WireType} wire what its string becomes
 * @property {boolean} commaSeparated an array travels as one comma-separated value
 * @property {boolean} ignored a header OpenAPI says a parameter does not describe (Accept, Content-Type,
 *   Authorization): a document's definition of it is left out
 * @property {CoercionPlan} plan what its wire string becomes, as the validator's runtime coerces it
 * @property {unknown} default the schema's `default` (undefined when it has none)
 * @property {number | undefined} minimum
 * @property {number | undefined} maximum
 * @property {unknown} example
 * @property {Node} schema resolved, with the keywords beside a `$ref`
 * @property {Node} writtenSchema as written, its `$ref` kept (a schema compiler calls the component's
 *   function for it); without a `schema`, that of its `content`'s media type (lib/media.mjs), else `{}`
 */

/**
 * @typedef {object} CatalogueRequestBody
 * @property {string} mediaType the one that counts (lib/media.mjs)
 * @property {string[]} mediaTypes every one offered
 * @property {boolean} required
 * @property {unknown} example
 * @property {Node | undefined} schema the counted media type's, resolved
 * @property {boolean} form a media type offered is not JSON (a form, multipart): its fields are strings
 *   on the wire, whichever media type the schema is read from
 * @property {boolean} fieldsInQuery `x-xads-fields-in-query`: its fields may also travel in the query
 * @property {CoercionPlan} plan what its wire strings become (a form's fields, by name)
 */

/**
 * @typedef {object} CatalogueResponse
 * @property {string} status "200", "404", "default"
 * @property {string | undefined} mediaType the one its body is read as (lib/media.mjs: JSON first);
 *   undefined without a body
 * @property {boolean} text a JSON answer that may also come as a text page (a `text/html` beside it)
 * @property {Node | undefined} schema the chosen media type's, resolved
 * @property {CatalogueLink[]} links its OpenAPI links (lib/links.mjs): the operations this answer leads
 *   to, each parameter with the expression that fills it; empty when it has none
 */

/**
 * @typedef {object} RecordField
 * @property {WireType} wire
 * @property {string | undefined} format
 * @property {unknown} default the record schema's own default (undefined when it has none)
 */

/**
 * @typedef {object} RecordShape
 * @property {Node} schema resolved (its properties may still be `$ref`s)
 * @property {string[]} required
 * @property {Record<string, RecordField>} fields in the schema's order
 */

/**
 * @typedef {object} SuccessAnswer
 * @property {number} status
 * @property {string | undefined} mediaType the one its body is read as (as its CatalogueResponse's);
 *   undefined without a body
 * @property {EnvelopeKind} envelope
 * @property {RecordShape | undefined} record the record its envelope carries, when a schema types it
 * @property {Record<string, { example: unknown, required: boolean }>} headers
 * @property {unknown} example that media type's `example`, else its first named example
 */

/**
 * @typedef {object} ResourceDeclaration one entry of a document's `x-xads-resources` (spec/README.md)
 * @property {string} idParameter
 * @property {string | undefined} parent
 * @property {string | undefined} parentParameter
 * @property {string} id the shape of new ids
 * @property {"soft" | "hard"} delete
 */

/**
 * @typedef {object} CatalogueOperation
 * @property {string} id
 * @property {string} document
 * @property {string} method lower case
 * @property {string} path the template
 * @property {string} summary
 * @property {string} description empty when it has none
 * @property {Server[]} servers effective
 * @property {"operation" | "path" | "document"} serversFrom where its servers are declared
 * @property {CatalogueParameter[]} parameters path-level merged with the operation's
 * @property {CatalogueRequestBody | undefined} requestBody
 * @property {CatalogueResponse[]} responses every documented answer, in document order
 * @property {ParsedRule[]} rules its x-rules, parsed
 * @property {{ items: number | undefined, bytes: number | undefined } | undefined} batch the limits of
 *   a batch request (the model's rule); its answer's envelope is a separate fact: a user batch on one
 *   audience answers the audience
 * @property {SuccessAnswer | undefined} success its first 2xx answer
 * @property {ErrorStyle} errorStyle
 * @property {number[]} errorStatuses the documented 4xx and 5xx statuses, in document order
 * @property {SecurityKind} security its first security requirement's kind
 * @property {SecurityKind[]} securityKinds every requirement's kind, once each
 * @property {{ name: string, action: string } | undefined} resource its `x-xads-resource`
 * @property {{ windows: Array<{ window: string, query?: Record<string, string> }>, accountLevel: boolean } | undefined} rateLimit
 *   the candidate windows (lib/rate-limits.mjs); undefined when none governs it
 */

/**
 * @typedef {object} CatalogueDocument
 * @property {string} name
 * @property {string} title
 * @property {DocumentRole} role
 * @property {number} mockPort
 * @property {Server[]} servers
 * @property {CatalogueOperation[]} operations in document order
 * @property {Record<string, string[]>} knownErrorCodes by HTTP status; empty when it documents none
 * @property {Record<string, ResourceDeclaration>} resources its `x-xads-resources`, in document order
 * @property {{ description: string, windows: RateLimitWindow[] } | undefined} rateLimits its declared windows
 * @property {StringEnum[]} enums
 * @property {UploadLimits | undefined} uploadLimits the chunked upload's (chunk, segments, owners, and the
 *   largest file by media type), for the document that has it
 */

/**
 * @typedef {object} Catalogue
 * @property {Spec} spec the model it was read from
 * @property {CatalogueDocument[]} documents in registry order
 * @property {(name: string) => CatalogueDocument} document throws for an unknown name
 * @property {(role?: DocumentRole) => CatalogueDocument[]} served documents with operations (of a role)
 * @property {CatalogueOperation[]} operations of every document
 * @property {(id: string) => CatalogueOperation} operation throws for an unknown id
 * @property {{ description: string, windows: RateLimitWindow[] } | undefined} rateLimits the windows the
 *   documents share (undefined when none declares them)
 */

/** Headers OpenAPI says a parameter does not describe (they are the request's framing and credentials). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/**
 * @param {Operation["parameters"][number]} parameter
 * @returns {Node}
 */
function writtenSchemaOf({ raw }) {
  if (raw.schema) return raw.schema;
  const content = raw.content ?? {};
  const mediaType = pickResponseMediaType(Object.keys(content));
  return (mediaType ? content[mediaType]?.schema : undefined) ?? {};
}

/**
 * @param {Node} bundle
 * @param {Operation["parameters"][number]} parameter
 * @returns {CatalogueParameter}
 */
function toParameter(bundle, parameter) {
  const { schema } = parameter;
  const writtenSchema = writtenSchemaOf(parameter);
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    wire: wireTypeOf(bundle, schema),
    commaSeparated: isCommaSeparated(parameter.raw),
    ignored: parameter.in === "header" && IGNORED_HEADERS.has(parameter.name.toLowerCase()),
    plan: coercionPlanOf(bundle, writtenSchema),
    default: schema.default,
    minimum: typeof schema.minimum === "number" ? schema.minimum : undefined,
    maximum: typeof schema.maximum === "number" ? schema.maximum : undefined,
    example: parameter.example,
    schema,
    writtenSchema,
  };
}

/**
 * @param {Node} bundle
 * @param {NonNullable<Operation["requestBody"]>} body
 * @returns {CatalogueRequestBody}
 */
function toRequestBody(bundle, body) {
  const form = body.mediaTypes.some((type) => !type.includes("json"));
  return {
    mediaType: body.mediaType,
    mediaTypes: body.mediaTypes,
    required: body.required,
    example: body.example,
    schema: body.schema,
    form,
    fieldsInQuery: body.fieldsInQuery,
    plan: coercionPlanOf(bundle, body.schema ?? {}, { properties: form }),
  };
}

/**
 * @param {Node} bundle
 * @param {Operation} operation
 * @param {Operation["responses"][number]} response
 * @returns {CatalogueResponse}
 */
function toResponse(bundle, operation, response) {
  const types = Object.keys(response.media);
  const mediaType = pickResponseMediaType(types);
  return {
    status: response.status,
    mediaType,
    text: mayAnswerText(types),
    schema: mediaType ? response.media[mediaType]?.schema : undefined,
    links: linksOf(bundle, operation.raw.responses?.[response.status], `${operation.id} ${response.status}`),
  };
}

/**
 * A document's operations, refused when one of their links leads nowhere or names a parameter its
 * target does not take.
 * @param {string} documentName
 * @param {CatalogueOperation[]} operations
 * @returns {CatalogueOperation[]}
 */
function checkedLinks(documentName, operations) {
  const problems = linkProblems(operations);
  if (problems.length > 0) throw new Error(`the links of document ${documentName}: ${problems.join("; ")}`);
  return operations;
}

/**
 * @param {Node} bundle
 * @param {Node | undefined} schema
 * @returns {RecordShape | undefined}
 */
function toRecord(bundle, schema) {
  const record = recordSchemaOf(bundle, schema);
  if (!record) return undefined;
  /** @type {Record<string, RecordField>} */
  const fields = {};
  for (const [name, raw] of Object.entries(record.properties ?? {})) {
    const property = resolve(bundle, raw);
    fields[name] = {
      wire: wireTypeOf(bundle, property),
      format: property.format ? String(property.format) : undefined,
      default: property.default,
    };
  }
  return { schema: record, required: record.required ?? [], fields };
}

/**
 * @param {Node} bundle
 * @param {Operation} operation
 * @returns {SuccessAnswer | undefined}
 */
function toSuccess(bundle, operation) {
  const response = operation.responses.find((r) => /^2/.test(r.status));
  if (!response) return undefined;
  const mediaType = pickResponseMediaType(Object.keys(response.media));
  const media = mediaType ? response.media[mediaType] : undefined;
  return {
    status: Number(response.status),
    mediaType,
    envelope: envelopeOf(bundle, mediaType, media?.schema),
    record: toRecord(bundle, media?.schema),
    headers: Object.fromEntries(
      Object.entries(response.headers).map(([name, h]) => [name, { example: h.example, required: h.required }]),
    ),
    example: media ? (media.example !== undefined ? media.example : Object.values(media.examples)[0]) : undefined,
  };
}

/**
 * The kind of every security requirement the operation accepts, each read as lib/security.mjs reads
 * the first one.
 * @param {Node} bundle
 * @param {Operation} operation
 * @returns {SecurityKind[]}
 */
function securityKindsOf(bundle, operation) {
  /** @type {Node[]} */
  const requirements = operation.raw.security ?? bundle.security ?? [];
  const kinds = requirements.map((requirement) => securityKind(bundle, { security: [requirement] }));
  return kinds.length > 0 ? [...new Set(kinds)] : ["none"];
}

/**
 * @param {Node} bundle
 * @param {Operation} operation
 * @returns {CatalogueOperation["serversFrom"]}
 */
function serversFromOf(bundle, operation) {
  if (operation.raw.servers) return "operation";
  return resolve(bundle, bundle.paths?.[operation.path])?.servers ? "path" : "document";
}

/**
 * @param {string} documentName
 * @param {Node} bundle
 * @param {Operation} operation
 * @param {Map<string, CatalogueOperation["rateLimit"]>} rateLimits by operation id
 * @returns {CatalogueOperation}
 */
function toOperation(documentName, bundle, operation, rateLimits) {
  const extension = operation.raw["x-xads-resource"];
  const body = operation.requestBody;
  return {
    id: operation.id,
    document: documentName,
    method: operation.method,
    path: operation.path,
    summary: operation.summary,
    description: String(operation.raw.description ?? ""),
    servers: operation.servers,
    serversFrom: serversFromOf(bundle, operation),
    parameters: operation.parameters.map((p) => toParameter(bundle, p)),
    requestBody: body ? toRequestBody(bundle, body) : undefined,
    responses: operation.responses.map((r) => toResponse(bundle, operation, r)),
    rules: operation.parsedRules,
    batch: operation.batch,
    success: toSuccess(bundle, operation),
    errorStyle: errorStyleOf(bundle, operation.responses),
    errorStatuses: operation.responses
      .map((r) => r.status)
      .filter((s) => /^[45]/.test(s))
      .map(Number),
    security: operation.security,
    securityKinds: securityKindsOf(bundle, operation),
    resource: extension ? { name: String(extension.resource), action: String(extension.action) } : undefined,
    rateLimit: rateLimits.get(operation.id),
  };
}

/**
 * @param {Node} bundle
 * @returns {Record<string, ResourceDeclaration>}
 */
function resourcesOf(bundle) {
  return Object.fromEntries(
    Object.entries(bundle["x-xads-resources"] ?? {}).map(([name, /** @type {Node} */ d]) => [
      name,
      {
        idParameter: String(d.idParameter),
        parent: d.parent ? String(d.parent) : undefined,
        parentParameter: d.parentParameter ? String(d.parentParameter) : undefined,
        id: String(d.id),
        delete: d.delete === "hard" ? "hard" : "soft",
      },
    ]),
  );
}

/**
 * @param {SpecDocument} document
 * @param {Map<string, CatalogueOperation["rateLimit"]>} rateLimits
 * @returns {CatalogueDocument}
 */
function toDocument(document, rateLimits) {
  const bundle = document.bundle();
  const operations = document.operations();
  return {
    name: document.name,
    title: document.title,
    role: document.role,
    mockPort: document.mockPort,
    servers: document.servers,
    operations: checkedLinks(
      document.name,
      operations.map((o) => toOperation(document.name, bundle, o, rateLimits)),
    ),
    knownErrorCodes: knownErrorCodesOf(
      bundle,
      operations.flatMap((o) => o.responses.filter((r) => isErrorStatus(r.status))),
    ),
    resources: resourcesOf(bundle),
    rateLimits: rateLimitWindowsOf(bundle),
    enums: stringEnumsOf(bundle),
    uploadLimits: uploadLimitsOf(bundle, operations),
  };
}

/** @type {WeakMap<Spec, Catalogue>} */
const loaded = new WeakMap();

/**
 * The catalogue of a spec model, built once per model (a fresh `loadSpec` gives a fresh catalogue).
 * @param {Spec} [spec]
 * @returns {Catalogue}
 */
export function loadCatalogue(spec = loadSpec()) {
  const cached = loaded.get(spec);
  if (cached) return cached;
  const declares = spec.documents.some((d) => rateLimitWindowsOf(d.bundle()) !== undefined);
  const shared = declares ? rateLimitsOf(spec) : undefined;
  /** @type {Map<string, CatalogueOperation["rateLimit"]>} */
  const rateLimits = new Map(
    (shared?.operations ?? []).map((o) => [o.operationId, { windows: o.windows, accountLevel: o.accountLevel }]),
  );
  const documents = spec.documents.map((d) => toDocument(d, rateLimits));
  const operations = documents.flatMap((d) => d.operations);
  const byId = new Map(operations.map((o) => [o.id, o]));
  /** @type {Catalogue} */
  const catalogue = {
    spec,
    documents,
    document(name) {
      const found = documents.find((d) => d.name === name);
      if (!found) throw new Error(`no document named ${name} in the catalogue`);
      return found;
    },
    served(role) {
      return documents.filter((d) => (role ? d.role === role : true) && d.operations.length > 0);
    },
    operations,
    operation(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`no operation ${id} in the catalogue`);
      return found;
    },
    rateLimits: shared ? { description: shared.description, windows: shared.windows } : undefined,
  };
  loaded.set(spec, catalogue);
  return catalogue;
}

/**
 * The catalogue's operations of a bundle held in memory (a test fixture, a changed copy), read as
 * loadCatalogue reads a registered document's, but without rate limits: those are the registered
 * documents' together.
 * @param {string} documentName
 * @param {Node} bundle
 * @param {{ rules?: RuleRegistry }} [options] `rules`: the x-rules kinds to parse its rules with
 *   (the spec's, rules/index.mjs, by default)
 * @returns {CatalogueOperation[]}
 */
export function catalogueOperationsOf(documentName, bundle, options = {}) {
  return checkedLinks(
    documentName,
    operationsOf(documentName, bundle, options).map((o) => toOperation(documentName, bundle, o, new Map())),
  );
}
