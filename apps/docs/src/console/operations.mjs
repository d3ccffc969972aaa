// What the in-page console knows of each operation of a document, written beside its reference page as
// JSON: how to call it (method, path, server, security) and the values it starts with, the same example
// values the page's code samples send (examples.mjs). A multipart body is a list of parts (text, or a
// file for a binary field); the other media types an operation's body may take come beside the one sent
// by default.
import { exampleOf } from "@xads/spec/lib/examples.mjs";
import { branchesOf, resolve } from "@xads/spec/lib/operations.mjs";
import { sampleParameters, serverUrl } from "../examples.mjs";

/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/**
 * A part of a multipart body: text with its example value, or a file (none chosen at first).
 * @typedef {{ name: string, kind: "text" | "file", value: string }} ConsolePart
 */
/** @typedef {{ mediaType: string, text: string } | { mediaType: string, parts: ConsolePart[] }} ConsoleBody */
/**
 * @typedef {{
 *   id: string,
 *   summary: string,
 *   method: string,
 *   path: string,
 *   server: string,
 *   security: string,
 *   parameters: { name: string, in: "path" | "query" | "header", value: string }[],
 *   body: ConsoleBody | null,
 *   otherBodies: ConsoleBody[],
 * }} ConsoleOperation `body` is the media type that counts (sent by default); `otherBodies` the others offered
 */

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** @param {unknown} value */
const asText = (value) => (Array.isArray(value) ? value.map(String).join(",") : String(value));

/**
 * The fields of a schema (through allOf, oneOf, anyOf) that hold raw bytes: a file part in multipart.
 * @param {Node} bundle
 * @param {Node | undefined} schema
 */
function binaryFields(bundle, schema) {
  /** @type {Set<string>} */
  const names = new Set();
  for (const branch of schema ? branchesOf(bundle, schema) : []) {
    for (const [name, raw] of Object.entries(branch.properties ?? {})) {
      const field = resolve(bundle, raw);
      if (field?.format === "binary" || (field?.contentMediaType && !field.contentEncoding)) names.add(name);
    }
  }
  return names;
}

/**
 * @param {Node} bundle
 * @param {string} mediaType
 * @param {unknown} example
 * @param {Node | undefined} schema
 * @returns {ConsoleBody}
 */
function consoleBody(bundle, mediaType, example, schema) {
  const fields = Object.entries(/** @type {Record<string, unknown>} */ (example ?? {}));
  if (mediaType === MULTIPART) {
    const files = binaryFields(bundle, schema);
    /** @type {ConsolePart[]} */
    const parts = fields.map(([name, value]) =>
      files.has(name) ? { name, kind: "file", value: "" } : { name, kind: "text", value: asText(value) },
    );
    for (const name of files) if (!parts.some((p) => p.name === name)) parts.push({ name, kind: "file", value: "" });
    return { mediaType, parts };
  }
  if (mediaType === FORM) {
    return { mediaType, text: new URLSearchParams(fields.map(([k, v]) => [k, asText(v)])).toString() };
  }
  return { mediaType, text: JSON.stringify(example, null, 2) };
}

/**
 * @param {Operation} operation
 * @param {Node} bundle the operation's document, bundled (for the media types besides the one that counts)
 * @returns {ConsoleOperation}
 */
export function consoleOperation(operation, bundle) {
  const body = operation.requestBody;
  const pathItem = resolve(bundle, bundle.paths?.[operation.path]);
  const raw = resolve(bundle, pathItem?.[operation.method]);
  const content = /** @type {Record<string, Node>} */ (resolve(bundle, raw?.requestBody)?.content ?? {});
  const schemaOf = (/** @type {string} */ mediaType) =>
    content[mediaType]?.schema ? resolve(bundle, content[mediaType].schema) : undefined;
  /** @type {ConsoleBody[]} */
  const otherBodies = [];
  for (const mediaType of body?.mediaTypes ?? []) {
    const example = exampleOf(bundle, content[mediaType]);
    if (mediaType === body?.mediaType || example === undefined) continue;
    otherBodies.push(consoleBody(bundle, mediaType, example, schemaOf(mediaType)));
  }
  return {
    id: operation.id,
    summary: operation.summary ?? "",
    method: operation.method.toUpperCase(),
    path: operation.path,
    server: serverUrl(operation),
    security: operation.security,
    parameters: sampleParameters(operation)
      .filter(({ parameter }) => parameter.in !== "cookie")
      .map(({ parameter, value }) => ({
        name: parameter.name,
        in: /** @type {"path" | "query" | "header"} */ (parameter.in),
        value: asText(value),
      })),
    body:
      body && body.example !== undefined
        ? consoleBody(bundle, body.mediaType, body.example, schemaOf(body.mediaType))
        : null,
    otherBodies,
  };
}

/**
 * Every API host of the documents (their servers and the servers' legacy names), for the worker.
 * @param {Array<{ servers: Array<{ url: string, legacyUrls?: string[] }>, operations: Operation[] }>} documents
 */
export function apiHosts(documents) {
  /** @type {Set<string>} */
  const hosts = new Set();
  const add = (/** @type {string} */ url) => hosts.add(new URL(url).host);
  for (const d of documents) {
    for (const s of d.servers) [s.url, ...(s.legacyUrls ?? [])].forEach(add);
    for (const o of d.operations) for (const s of o.servers) [s.url, ...(s.legacyUrls ?? [])].forEach(add);
  }
  return [...hosts].sort();
}
