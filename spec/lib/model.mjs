// The spec model: the one reader of the bundles. It loads each document once and gives typed
// documents and operations, so that generators, suites, the docs and the tools never walk OpenAPI
// themselves. Registry: spec/documents.json. Bundles: spec/dist/*.json.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { registry as specRegistry } from "../rules/index.mjs";
import { exampleOf, namedExamples } from "./examples.mjs";
import { legacyHostsOf, legacyUrlsOf } from "./legacy-hosts.mjs";
import { pickRequestMediaType } from "./media.mjs";
import { listOperations, resolve } from "./operations.mjs";
import { securityKind } from "./security.mjs";

/** The spec/ folder. */
export const specDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** @typedef {import("./operations.mjs").Node} Node */
/** @typedef {import("./operations.mjs").Rule} Rule */
/** @typedef {import("../rules/registry.mjs").ParsedRule} ParsedRule */
/** @typedef {import("../rules/registry.mjs").Registry} RuleRegistry */
/** @typedef {"api" | "events"} DocumentRole */
/** @typedef {"production" | "sandbox"} Environment */
/**
 * @typedef {object} Server
 * @property {string} url
 * @property {Environment} environment
 * @property {string} description
 * @property {string[]} legacyUrls the same server on its former host names (`x-xads-legacy-hosts`)
 */

/**
 * @typedef {object} Parameter
 * @property {string} name
 * @property {"path" | "query" | "header" | "cookie"} in
 * @property {boolean} required
 * @property {string} description
 * @property {Node} schema resolved
 * @property {unknown} example
 * @property {Node} raw the resolved parameter node
 */

/**
 * @typedef {object} RequestBody
 * @property {boolean} required
 * @property {string} mediaType the one that counts (see media.mjs)
 * @property {string[]} mediaTypes every one offered
 * @property {Node | undefined} schema resolved
 * @property {unknown} example
 * @property {Record<string, unknown>} examples
 * @property {Record<string, Node>} properties the schema's top-level properties, resolved (form and multipart fields)
 * @property {boolean} fieldsInQuery `x-xads-fields-in-query`: the body's fields may also travel in the query
 *   string, read with the body's as one set of fields
 */

/**
 * @typedef {object} Response
 * @property {string} status "200", "429", "default"
 * @property {string} description
 * @property {Record<string, { schema: Node | undefined, example: unknown, required: boolean }>} headers
 * @property {Record<string, { schema: Node | undefined, example: unknown, examples: Record<string, unknown> }>} media
 *   `example` is the media type's lone `example`; `examples` its named ones
 */

/**
 * @typedef {object} Operation
 * @property {string} id
 * @property {string} document
 * @property {string} method lower case
 * @property {string} path
 * @property {Server[]} servers effective: the operation's, else its path's, else the document's
 * @property {Parameter[]} parameters path-level merged with the operation's
 * @property {RequestBody | undefined} requestBody
 * @property {Response[]} responses in document order
 * @property {import("./security.mjs").SecurityKind} security
 * @property {boolean} deprecated
 * @property {{ url: string, description?: string } | undefined} externalDocs
 * @property {string} summary
 * @property {string[]} tags
 * @property {Rule[]} rules the operation's x-rules, then its parameters', as written
 * @property {{ items: number | undefined, bytes: number | undefined } | undefined} batch for a batch
 *   operation (its id starts with `batch`, spec/README.md convention 2): the body's `maxItems` and the
 *   `max-body-bytes` rule's `max`
 * @property {ParsedRule[]} parsedRules the same rules, each with its kind's module (rules/kinds/) and
 *   its references parsed once
 * @property {Node} raw the operation node
 */

/**
 * @typedef {object} SpecDocument
 * @property {string} name
 * @property {string} title
 * @property {DocumentRole} role
 * @property {string} root absolute path of the hand-written source
 * @property {string} bundlePath absolute
 * @property {number} mockPort
 * @property {string | undefined} tryOperation the ready request printed for its mock
 * @property {Server[]} servers
 * @property {() => Node} bundle the parsed bundle, read once
 * @property {() => Operation[]} operations read once
 * @property {() => Array<{ name: string, description: string, schema: Node | undefined, example: unknown }>} headerComponents
 *   the document's shared headers (`components.headers`), in document order
 */

/**
 * @param {Node} bundle
 * @param {Node[] | undefined} servers
 * @returns {Server[]}
 */
function toServers(bundle, servers) {
  const legacyHosts = legacyHostsOf(bundle);
  return (servers ?? []).map((raw) => {
    const server = resolve(bundle, raw);
    const description = String(server.description ?? "");
    const url = String(server.url);
    return {
      url,
      description,
      environment: /sandbox/i.test(description) ? "sandbox" : "production",
      legacyUrls: legacyUrlsOf(legacyHosts, url),
    };
  });
}

/**
 * @param {Node} bundle
 * @param {Node} node
 * @returns {Parameter}
 */
function toParameter(bundle, node) {
  return {
    name: node.name,
    in: node.in,
    required: node.required === true,
    description: node.description ?? "",
    schema: schemaWithSiblings(bundle, node.schema ?? {}),
    example: exampleOf(bundle, node),
    raw: node,
  };
}

/**
 * A schema with its `$ref` resolved; keywords beside the `$ref` (OpenAPI 3.1 keeps them: a parameter's
 * `default`) apply over the target's.
 * @param {Node} bundle
 * @param {Node} schema
 * @returns {Node}
 */
function schemaWithSiblings(bundle, schema) {
  if (!schema || typeof schema !== "object" || typeof schema.$ref !== "string") return resolve(bundle, schema);
  const { $ref, ...siblings } = schema;
  const target = resolve(bundle, { $ref });
  return Object.keys(siblings).length > 0 ? { ...target, ...siblings } : target;
}

/**
 * @param {Node} bundle
 * @param {Node | undefined} raw
 * @returns {RequestBody | undefined}
 */
function toRequestBody(bundle, raw) {
  const body = raw ? resolve(bundle, raw) : undefined;
  if (!body?.content) return undefined;
  const mediaTypes = Object.keys(body.content);
  const mediaType = /** @type {string} */ (pickRequestMediaType(mediaTypes));
  const media = body.content[mediaType];
  return {
    required: body.required === true,
    mediaType,
    mediaTypes,
    fieldsInQuery: body["x-xads-fields-in-query"] === true,
    schema: media?.schema ? resolve(bundle, media.schema) : undefined,
    example: exampleOf(bundle, media),
    examples: namedExamples(bundle, media),
    properties: Object.fromEntries(
      Object.entries(media?.schema ? (resolve(bundle, media.schema).properties ?? {}) : {}).map(([name, node]) => [
        name,
        resolve(bundle, node),
      ]),
    ),
  };
}

/**
 * @param {Node} bundle
 * @param {string} status
 * @param {Node} raw
 * @returns {Response}
 */
function toResponse(bundle, status, raw) {
  const response = resolve(bundle, raw);
  const headers = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([name, header]) => {
      const resolved = resolve(bundle, header);
      return [
        name,
        {
          schema: resolved.schema ? resolve(bundle, resolved.schema) : undefined,
          example: exampleOf(bundle, resolved),
          required: resolved.required === true,
        },
      ];
    }),
  );
  const media = Object.fromEntries(
    Object.entries(response.content ?? {}).map(([type, content]) => [
      type,
      {
        schema: content.schema ? resolve(bundle, content.schema) : undefined,
        example: content.example,
        examples: namedExamples(bundle, content),
      },
    ]),
  );
  return { status, description: response.description ?? "", headers, media };
}

/**
 * @param {string} documentName
 * @param {Node} bundle
 * @param {Server[]} documentServers
 * @param {RuleRegistry} rules the registry of x-rules kinds the rules are read with
 * @returns {Operation[]}
 */
function toOperations(documentName, bundle, documentServers, rules = specRegistry) {
  return listOperations(bundle).map((entry) => {
    const operation = entry.operation;
    const item = resolve(bundle, bundle.paths[entry.path]);
    const servers = operation.servers ?? item.servers;
    const requestBody = toRequestBody(bundle, operation.requestBody);
    return {
      id: entry.operationId,
      document: documentName,
      method: entry.method,
      path: entry.path,
      servers: servers ? toServers(bundle, servers) : documentServers,
      parameters: entry.parameters.map((p) => toParameter(bundle, p)),
      requestBody,
      responses: Object.entries(operation.responses ?? {}).map(([status, r]) => toResponse(bundle, status, r)),
      security: securityKind(bundle, operation),
      deprecated: operation.deprecated === true,
      externalDocs: operation.externalDocs,
      summary: operation.summary ?? "",
      tags: operation.tags ?? [],
      rules: entry.rules,
      parsedRules: entry.rules.map((rule) => rules.parse(rule)),
      batch: batchOf(entry.operationId, requestBody, entry.rules),
      raw: operation,
    };
  });
}

/**
 * The limits of a batch operation, or undefined for any other.
 * @param {string} id
 * @param {RequestBody | undefined} requestBody
 * @param {Rule[]} rules
 */
function batchOf(id, requestBody, rules) {
  if (!/^batch[A-Z]/.test(id)) return undefined;
  const maxItems = requestBody?.schema?.type === "array" ? requestBody.schema.maxItems : undefined;
  const bytes = rules.find((rule) => rule.kind === "max-body-bytes")?.max;
  return {
    items: typeof maxItems === "number" ? maxItems : undefined,
    bytes: typeof bytes === "number" ? bytes : undefined,
  };
}

/**
 * @template T
 * @param {() => T} compute
 * @returns {() => T}
 */
function once(compute) {
  /** @type {{ value: T } | undefined} */
  let cached;
  return () => {
    cached ??= { value: compute() };
    return cached.value;
  };
}

/**
 * @typedef {object} Spec
 * @property {string} dir
 * @property {SpecDocument[]} documents in registry order
 * @property {(name: string) => SpecDocument} document throws for an unknown name
 * @property {(role?: DocumentRole) => SpecDocument[]} served documents with operations (of a role)
 * @property {() => Operation[]} operations of every document
 * @property {(id: string) => Operation} operation throws for an unknown id
 */

/** @type {Map<string, Spec>} */
const loaded = new Map();

/**
 * The spec of `dir` (spec/ by default), read once per process; `fresh` reads it again (after a
 * build rewrote the bundles).
 * @param {string} [dir]
 * @param {{ fresh?: boolean }} [options]
 * @returns {Spec}
 */
export function loadSpec(dir = specDir, { fresh = false } = {}) {
  const cached = loaded.get(dir);
  if (cached && !fresh) return cached;
  /** @type {Array<{ name: string, title: string, role?: DocumentRole, root?: string, bundle: string, mockPort: number, tryOperation?: string }>} */
  const registry = JSON.parse(readFileSync(join(dir, "documents.json"), "utf8"));
  /** @type {SpecDocument[]} */
  const documents = registry.map((entry) => {
    const bundlePath = join(dir, entry.bundle);
    const bundle = once(() => /** @type {Node} */ (JSON.parse(readFileSync(bundlePath, "utf8"))));
    const servers = once(() => toServers(bundle(), bundle().servers));
    return {
      name: entry.name,
      title: entry.title,
      role: entry.role ?? "api",
      root: join(dir, entry.root ?? `${entry.name}/openapi.yaml`),
      bundlePath,
      mockPort: entry.mockPort,
      tryOperation: entry.tryOperation,
      get servers() {
        return servers();
      },
      bundle,
      operations: once(() => toOperations(entry.name, bundle(), servers())),
      headerComponents: once(() =>
        Object.entries(bundle().components?.headers ?? {}).map(([name, raw]) => {
          const header = resolve(bundle(), raw);
          return {
            name,
            description: header.description ?? "",
            schema: header.schema ? resolve(bundle(), header.schema) : undefined,
            example: exampleOf(bundle(), header),
          };
        }),
      ),
    };
  });
  const operations = once(() => documents.flatMap((d) => d.operations()));
  const byId = once(() => new Map(operations().map((o) => [o.id, o])));
  /** @type {Spec} */
  const spec = {
    dir,
    documents,
    document(name) {
      const found = documents.find((d) => d.name === name);
      if (!found) throw new Error(`no document named ${name} in ${join(dir, "documents.json")}`);
      return found;
    },
    served(role) {
      return documents.filter((d) => (role ? d.role === role : true) && d.operations().length > 0);
    },
    operations,
    operation(id) {
      const found = byId().get(id);
      if (!found) throw new Error(`no operation ${id} in the spec`);
      return found;
    },
  };
  loaded.set(dir, spec);
  return spec;
}

/**
 * The operations of a bundle held in memory (a test fixture, a changed copy), read as the model reads
 * a registered document's.
 * @param {string} documentName
 * @param {Node} bundle
 * @param {{ rules?: RuleRegistry }} [options] `rules`: the x-rules kinds to read `parsedRules` with
 *   (the spec's, rules/index.mjs, by default)
 * @returns {Operation[]}
 */
export function operationsOf(documentName, bundle, { rules = specRegistry } = {}) {
  return toOperations(documentName, bundle, toServers(bundle, bundle.servers), rules);
}
