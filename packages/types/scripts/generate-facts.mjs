// Generates src/generated/facts.ts: the facts the spec holds that callers need as values (hosts, batch
// and upload limits, enum values, known error codes, list and batch paths), as `as const` data with
// their types. A view of the operation catalogue (spec/lib/catalogue.mjs): it names and arranges what
// the catalogue decides, and reads no OpenAPI node itself. Never edit the output: run `pnpm build`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";

/** @typedef {import("@xads/spec/lib/catalogue.mjs").Catalogue} Catalogue */
/** @typedef {import("@xads/spec/lib/catalogue.mjs").StringEnum} StringEnum */
/** @typedef {import("@xads/spec/lib/model.mjs").Server} Server */

/**
 * Enums declared on a property rather than as a component schema, named here. Values come from the
 * spec; only the name is chosen.
 */
const PROPERTY_ENUMS = [{ name: "ProcessingState", document: "upload", schema: "ProcessingInfo", property: "state" }];

/** The module's own type names, which an enum may not take. */
const OWN_TYPES = new Set(["DocumentName", "Environment", "BatchPath", "AdsErrorCode", "RateLimitWindowName"]);

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`facts: ${message}`);
}

/**
 * One URL per environment.
 * @param {Server[]} list
 * @param {string} where names the servers in an error
 * @returns {Record<string, string>}
 */
function byEnvironment(list, where) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const server of list) {
    if (out[server.environment] !== undefined) fail(`${where} has two ${server.environment} servers`);
    out[server.environment] = server.url;
  }
  return out;
}

/** @param {Server[]} a @param {Server[]} b */
const sameServers = (a, b) =>
  a.length === b.length && a.every((s, i) => s.url === b[i]?.url && s.environment === b[i]?.environment);

/**
 * The facts, as plain data.
 * @param {Catalogue} catalogue
 */
function collectFacts(catalogue) {
  const documentNames = catalogue.documents.map((d) => d.name);

  /** @type {Record<string, Record<string, string>>} */
  const servers = {};
  /** @type {Record<string, Record<string, Record<string, string>>>} */
  const pathServers = {};
  /** @type {Record<string, string[]>} */
  const listPaths = {};
  /** @type {Record<string, { document: string, operationId: string, items: number, bytes?: number }>} */
  const batchLimits = {};
  /** @type {Record<string, string>} */
  const nonOAuth1Operations = {};

  for (const document of catalogue.documents) {
    servers[document.name] = byEnvironment(document.servers, `document ${document.name}`);
    for (const op of document.operations) {
      if (op.security !== "oauth1") nonOAuth1Operations[`${op.method.toUpperCase()} ${op.path}`] = op.security;
      if (op.serversFrom === "path" && !sameServers(op.servers, document.servers)) {
        pathServers[document.name] = {
          ...pathServers[document.name],
          [op.path]: byEnvironment(op.servers, `path ${op.path}`),
        };
      }
      // A page to follow with `cursor`: a GET that answers the list envelope.
      if (op.method === "get" && op.success?.envelope === "list") {
        listPaths[document.name] = [...(listPaths[document.name] ?? []), op.path];
      }
      if (op.batch) {
        const { items, bytes } = op.batch;
        if (items === undefined) fail(`batch operation ${op.id} has no JSON array body with maxItems`);
        if (batchLimits[op.path]) fail(`two batch operations on ${op.path}`);
        batchLimits[op.path] = {
          document: document.name,
          operationId: op.id,
          items,
          ...(bytes !== undefined ? { bytes } : {}),
        };
      }
    }
    if (document.role === "api" && !listPaths[document.name]) listPaths[document.name] = [];
  }

  const uploadLimits =
    catalogue.document("upload").uploadLimits ?? fail("the upload document has no chunked upload (APPEND command)");

  // Enums: every named string-enum component schema, then the named property enums.
  /** @type {Map<string, { values: string[], description: string, where: string }>} */
  const enums = new Map();
  /**
   * @param {string} name
   * @param {StringEnum} declared
   * @param {string} where
   */
  const addEnum = (name, { values, description }, where) => {
    if (OWN_TYPES.has(name)) fail(`enum ${name} (${where}) takes the name of a type of the facts module`);
    const known = enums.get(name);
    if (known && JSON.stringify(known.values) !== JSON.stringify(values)) {
      fail(`enum ${name} differs between ${known.where} and ${where}`);
    }
    if (!known) enums.set(name, { values, description, where });
  };
  for (const document of catalogue.documents) {
    for (const declared of document.enums) {
      if (declared.property === undefined)
        addEnum(declared.schema, declared, `${document.name} components.schemas.${declared.schema}`);
    }
  }
  for (const { name, document, schema, property } of PROPERTY_ENUMS) {
    const declared = catalogue.document(document).enums.find((e) => e.schema === schema && e.property === property);
    if (!declared) fail(`${document} ${schema}.${property} is no longer a string enum`);
    addEnum(name, declared, `${document} components.schemas.${schema}.${property}`);
  }

  // Known ads error codes, by HTTP status.
  const adsErrorCodesByStatus = catalogue.document("ads").knownErrorCodes;
  if (Object.keys(adsErrorCodesByStatus).length === 0) fail("the ads error body's code has no x-known-values");

  // Rate-limit windows (x-xads-rate-limits) and, per `METHOD path`, the windows that can govern it.
  const rateLimits = catalogue.rateLimits ?? fail("no document declares x-xads-rate-limits");
  const rateLimitWindows = Object.fromEntries(
    rateLimits.windows.map((w) => [
      w.name,
      { limit: w.limit, seconds: w.seconds, scope: w.scope, description: w.description },
    ]),
  );
  const rateLimitOperations = Object.fromEntries(
    catalogue.operations.flatMap((o) =>
      o.rateLimit
        ? [
            [
              `${o.method.toUpperCase()} ${o.path}`,
              { operationId: o.id, windows: o.rateLimit.windows, accountLevel: o.rateLimit.accountLevel },
            ],
          ]
        : [],
    ),
  );

  return {
    documentNames,
    servers,
    rateLimitsDescription: rateLimits.description,
    rateLimitWindows,
    rateLimitOperations,
    pathServers,
    batchLimits,
    uploadLimits,
    enums,
    adsErrorCodesByStatus,
    listPaths,
    nonOAuth1Operations,
  };
}

/** @param {unknown} value */
const literal = (value) => JSON.stringify(value, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, "$1$2:");

/** @param {string} name PascalCase */
const camel = (name) => name.charAt(0).toLowerCase() + name.slice(1);

/** @param {string} text */
const jsdoc = (text) => {
  const lines = text.split("\n").map((l) => l.replaceAll("*/", "*\\/"));
  return lines.length === 1
    ? `/** ${lines[0]} */`
    : `/**\n${lines.map((l) => ` *${l ? ` ${l}` : ""}`).join("\n")}\n */`;
};

/**
 * The name of the constant that holds one server: `adsSandboxServer`.
 * @param {string} document
 * @param {string} environment
 */
const serverConstant = (document, environment) =>
  `${document.replace(/-([a-z])/g, (_, c) => c.toUpperCase())}${environment.charAt(0).toUpperCase()}${environment.slice(1)}Server`;

/**
 * One exported string constant per document and environment: a bundler keeps only the hosts a program
 * uses (a client's core imports one), where a lookup in \`servers\` would keep the whole object.
 * @param {Record<string, Record<string, string>>} servers
 */
function serverConstants(servers) {
  return Object.entries(servers).flatMap(([document, byEnv]) =>
    Object.entries(byEnv).flatMap(([environment, url]) => [
      jsdoc(`The ${environment} server of \`${document}\`: ${url}.`),
      `export const ${serverConstant(document, environment)} = ${JSON.stringify(url)};`,
      "",
    ]),
  );
}

/** @param {Record<string, Record<string, string>>} servers */
function serversObject(servers) {
  const entries = Object.entries(servers).map(([document, byEnv]) => {
    const inner = Object.keys(byEnv).map((env) => `    ${env}: ${serverConstant(document, env)},`);
    return `  ${JSON.stringify(document)}: {\n${inner.join("\n")}\n  },`;
  });
  return `{\n${entries.join("\n")}\n}`;
}

/**
 * The module's text.
 * @param {ReturnType<typeof collectFacts>} facts
 */
function renderFacts(facts) {
  const out = [
    "// Generated from the spec (spec/dist, read through loadSpec()) by scripts/generate-facts.mjs.",
    "// Do not edit: run `pnpm build`.",
    "",
    jsdoc("The documents of spec/documents.json, in registry order."),
    `export const documentNames = ${literal(facts.documentNames)} as const;`,
    "",
    "/** A document's name. */",
    "export type DocumentName = (typeof documentNames)[number];",
    "",
    jsdoc(
      "Where a server points: `sandbox` when its description says so, else `production` (the spec model's reading).",
    ),
    'export type Environment = "production" | "sandbox";',
    "",
    ...serverConstants(facts.servers),
    jsdoc(
      "Each document's servers by environment (the constants above). Servers carry only the host (no trailing\nslash); paths carry the version segment, so a client moves between production, sandbox and a mock by\nits base URL alone.",
    ),
    `export const servers = ${serversObject(facts.servers)} as const satisfies Record<DocumentName, Partial<Record<Environment, string>>>;`,
    "",
    jsdoc(
      "Paths served from another host than their document's (path-level `servers`), by document and path\ntemplate: the v2 media endpoints of `upload` are on the API host.",
    ),
    `export const pathServers = ${literal(facts.pathServers)} as const satisfies Partial<Record<DocumentName, Record<string, Partial<Record<Environment, string>>>>>;`,
    "",
    jsdoc(
      "Limits of each batch operation (operationId `batch...`), by path template: `items` is the request\nbody's `maxItems`, `bytes` the `max-body-bytes` rule on the serialized JSON body, when it has one.",
    ),
    `export const batchLimits = ${literal(facts.batchLimits)} as const satisfies Record<string, { document: DocumentName; operationId: string; items: number; bytes?: number }>;`,
    "",
    "/** The path template of a batch operation. */",
    "export type BatchPath = keyof typeof batchLimits;",
    "",
    "/** The batch paths, in document order. */",
    `export const batchPaths = ${literal(Object.keys(facts.batchLimits))} as const satisfies readonly BatchPath[];`,
    "",
    jsdoc(
      "Limits of the chunked media upload: bytes per APPEND chunk, segments per upload (`segment_index` runs\nfrom 0 to `maxSegments - 1`), user ids in INIT's `additional_owners`, and the largest file by media\ntype (`x-xads-max-bytes-by-media-type`): a media type takes the first entry it matches, `type/*` any\nsubtype of `type` (apply it with `maxBytesOf` of `@xads/types/upload-limits`); none matching, no limit\nis stated.",
    ),
    `export const uploadLimits = ${literal(facts.uploadLimits)} as const satisfies { maxChunkBytes: number; maxSegments: number; maxAdditionalOwners: number; maxBytesByMediaType: readonly { mediaType: string; maxBytes: number }[] };`,
    "",
    jsdoc(
      "The GET paths of each document that answer the list envelope (`data`, `next_cursor`): follow\n`next_cursor` with `cursor`.",
    ),
    `export const listPaths = ${literal(facts.listPaths)} as const satisfies Partial<Record<DocumentName, readonly string[]>>;`,
    "",
    jsdoc(
      "The operations whose first security requirement is not OAuth 1.0a user context, by `METHOD path`:\n`basic` (the consumer key and secret), `bearer` (an app-only token) or `none`. Every other operation\nis signed with OAuth 1.0a.",
    ),
    `export const nonOAuth1Operations = ${literal(facts.nonOAuth1Operations)} as const satisfies Record<string, "basic" | "bearer" | "none">;`,
    "",
    jsdoc(
      "The documented codes of the ads error body (`errors[].code`), by HTTP status. The list is open: the\nAPI may answer other codes.",
    ),
    `export const adsErrorCodesByStatus = ${literal(facts.adsErrorCodesByStatus)} as const;`,
    "",
    jsdoc(
      `The documented rate-limit windows (x-xads-rate-limits), by name, in the order a request is matched\nagainst them. \`scope: "operation"\`: each operation is counted on its own; \`"window"\`: every\noperation the window governs together.\n\n${facts.rateLimitsDescription}`,
    ),
    `export const rateLimitWindows = ${literal(facts.rateLimitWindows)} as const satisfies Record<string, { limit: number; seconds: number; scope: "operation" | "window"; description: string }>;`,
    "",
    "/** The name of a rate-limit window. */",
    "export type RateLimitWindowName = keyof typeof rateLimitWindows;",
    "",
    jsdoc(
      "The rate-limit windows of each operation of the documents that declare them, by `METHOD path`\ntemplate: a request takes the first window whose `query` it carries (the last has none).\n`accountLevel`: the success response carries the `x-account-rate-limit-*` headers, and the window is\ncounted per account as well; that count governs.",
    ),
    `export const rateLimitOperations = ${literal(facts.rateLimitOperations)} as const satisfies Record<string, { operationId: string; windows: readonly { window: RateLimitWindowName; query?: Readonly<Record<string, string>> }[]; accountLevel: boolean }>;`,
    "",
    "/** A documented code of the ads error body. */",
    "export type AdsErrorCode = (typeof adsErrorCodesByStatus)[keyof typeof adsErrorCodesByStatus][number];",
    "",
    "/** Every documented code of the ads error body, once each. */",
    `export const adsErrorCodes = ${literal([...new Set(Object.values(facts.adsErrorCodesByStatus).flat())])} as const satisfies readonly AdsErrorCode[];`,
  ];
  for (const [name, { values, description, where }] of facts.enums) {
    const about = description ? `${description}\n\n` : "";
    out.push(
      "",
      jsdoc(`Every value of {@link ${name}}, in the spec's order.`),
      `export const ${camel(name)}Values = ${literal(values)} as const;`,
      "",
      jsdoc(`${about}From ${where}.`),
      `export type ${name} = (typeof ${camel(name)}Values)[number];`,
    );
  }
  return `${out.join("\n")}\n`;
}

const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "facts.ts"), renderFacts(collectFacts(loadCatalogue())));
console.log("facts: src/generated/facts.ts");
