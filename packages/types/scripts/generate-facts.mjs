// Generates src/generated/facts.ts: the facts the spec holds that callers need as values (hosts, batch
// and upload limits, enum values, known error codes, list and batch paths), as `as const` data with
// their types. Reads the spec only through loadSpec(); never edit the output: run `pnpm build`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { branchesOf, resolve } from "@xads/spec/lib/operations.mjs";
import { rateLimitsOf } from "@xads/spec/lib/rate-limits.mjs";
import { securityKind } from "@xads/spec/lib/security.mjs";

/** @typedef {import("@xads/spec/lib/model.mjs").Spec} Spec */
/** @typedef {import("@xads/spec/lib/model.mjs").Server} Server */
/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("@xads/spec/lib/model.mjs").Node} Node */

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

/** @param {Operation} op */
const jsonSuccessSchema = (op) => op.responses.find((r) => r.status === "200")?.media["application/json"]?.schema;

/**
 * The first branch (of allOf, oneOf, anyOf) of a request body schema of `operations` that passes `test`.
 * @param {Node} bundle
 * @param {Operation[]} operations
 * @param {(schema: Node) => boolean} test
 * @param {string} what names it in an error
 * @returns {Node}
 */
function requestBranch(bundle, operations, test, what) {
  for (const op of operations) {
    const schema = op.requestBody?.schema;
    const found = schema ? branchesOf(bundle, schema).find(test) : undefined;
    if (found) return found;
  }
  return fail(`no request body schema is ${what}`);
}

/**
 * The facts, as plain data.
 * @param {Spec} spec
 */
function collectFacts(spec) {
  const documentNames = spec.documents.map((d) => d.name);

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

  for (const document of spec.documents) {
    servers[document.name] = byEnvironment(document.servers, `document ${document.name}`);
    const bundle = document.bundle();
    const listEnvelope = bundle.components?.schemas?.ListEnvelope;
    for (const op of document.operations()) {
      const security = securityKind(bundle, op.raw);
      if (security !== "oauth1") nonOAuth1Operations[`${op.method.toUpperCase()} ${op.path}`] = security;
      // Path-level servers: an operation without its own `servers` whose effective ones are not the document's.
      if (!op.raw.servers && !sameServers(op.servers, document.servers)) {
        pathServers[document.name] = {
          ...pathServers[document.name],
          [op.path]: byEnvironment(op.servers, `path ${op.path}`),
        };
      }
      const success = jsonSuccessSchema(op);
      if (op.method === "get" && listEnvelope && success && branchesOf(bundle, success).includes(listEnvelope)) {
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

  // Upload limits, from the APPEND and INIT commands of the v1.1 chunked upload.
  const uploadDocument = spec.document("upload");
  const uploadBundle = uploadDocument.bundle();
  const upload = uploadDocument.operations();
  const commandIs = (/** @type {string} */ name) => (/** @type {Node} */ node) =>
    Array.isArray(node.properties?.command?.enum) && node.properties.command.enum.includes(name);
  const append = requestBranch(uploadBundle, upload, commandIs("APPEND"), "the APPEND command");
  const segmentMax = resolve(uploadBundle, append.properties?.segment_index)?.maximum;
  if (typeof segmentMax !== "number") fail("APPEND segment_index has no maximum");
  // The chunk size is stated in bytes in the description of APPEND's `media` ("(5,242,880 bytes)").
  const chunkText = /\(([\d,]+) bytes\)/.exec(String(append.properties?.media?.description ?? ""))?.[1];
  if (!chunkText) fail('APPEND media description no longer states its size as "(N bytes)"');
  const init = requestBranch(uploadBundle, upload, commandIs("INIT"), "the INIT command");
  // additional_owners is a comma-separated list whose pattern bounds the repetitions: {0,99} is 100 ids.
  const ownersRepeat = /\{0,(\d+)\}\)?\$$/.exec(
    String(resolve(uploadBundle, init.properties?.additional_owners)?.pattern ?? ""),
  )?.[1];
  if (!ownersRepeat) fail("INIT additional_owners pattern no longer bounds the ids with {0,N}");
  const uploadLimits = {
    maxChunkBytes: Number(chunkText.replaceAll(",", "")),
    maxSegments: segmentMax + 1,
    maxAdditionalOwners: Number(ownersRepeat) + 1,
  };

  // Enums: every named string-enum component schema, then the named property enums.
  /** @type {Map<string, { values: string[], description: string, where: string }>} */
  const enums = new Map();
  /**
   * @param {string} name
   * @param {Node} schema
   * @param {string} where
   */
  const addEnum = (name, schema, where) => {
    const values = /** @type {string[]} */ (schema.enum);
    if (OWN_TYPES.has(name)) fail(`enum ${name} (${where}) takes the name of a type of the facts module`);
    const known = enums.get(name);
    if (known && JSON.stringify(known.values) !== JSON.stringify(values)) {
      fail(`enum ${name} differs between ${known.where} and ${where}`);
    }
    if (!known) enums.set(name, { values, description: String(schema.description ?? "").trim(), where });
  };
  for (const document of spec.documents) {
    for (const [name, raw] of Object.entries(document.bundle().components?.schemas ?? {})) {
      const schema = resolve(document.bundle(), raw);
      if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string")) {
        addEnum(name, schema, `${document.name} components.schemas.${name}`);
      }
    }
  }
  for (const { name, document, schema, property } of PROPERTY_ENUMS) {
    const bundle = spec.document(document).bundle();
    const node = resolve(bundle, resolve(bundle, bundle.components?.schemas?.[schema])?.properties?.[property]);
    if (!Array.isArray(node?.enum)) fail(`${document} ${schema}.${property} is no longer an enum`);
    addEnum(name, node, `${document} components.schemas.${schema}.${property}`);
  }

  // Known ads error codes: x-known-values of the error body's `code`, by HTTP status.
  const ads = spec.document("ads").bundle();
  const adsError = resolve(ads, ads.components?.schemas?.AdsErrorBody);
  const codeNode = resolve(ads, resolve(ads, adsError?.properties?.errors?.items)?.properties?.code);
  /** @type {Record<string, string[]> | undefined} */
  const adsErrorCodesByStatus = codeNode?.["x-known-values"];
  if (!adsErrorCodesByStatus) fail("the ads error body's code has no x-known-values");

  // Rate-limit windows (x-xads-rate-limits) and, per `METHOD path`, the windows that can govern it.
  const rateLimits = rateLimitsOf(spec);
  const rateLimitWindows = Object.fromEntries(
    rateLimits.windows.map((w) => [
      w.name,
      { limit: w.limit, seconds: w.seconds, scope: w.scope, description: w.description },
    ]),
  );
  const rateLimitOperations = Object.fromEntries(
    rateLimits.operations.map((o) => [
      `${o.method} ${o.path}`,
      { operationId: o.operationId, windows: o.windows, accountLevel: o.accountLevel },
    ]),
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
      "Limits of the chunked media upload: bytes per APPEND chunk, segments per upload (`segment_index` runs\nfrom 0 to `maxSegments - 1`), and user ids in INIT's `additional_owners`.",
    ),
    `export const uploadLimits = ${literal(facts.uploadLimits)} as const;`,
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
writeFileSync(join(outDir, "facts.ts"), renderFacts(collectFacts(loadSpec())));
console.log("facts: src/generated/facts.ts");
