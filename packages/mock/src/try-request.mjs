// The one ready request printed per mock (and shown on its root page): the document's `tryOperation`
// from spec/documents.json, filled from the operation's examples, with the Authorization the mock asks for.
import { resolve } from "@xads/spec/lib/operations.mjs";

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("./index.js").TryRequest} TryRequest */

/** What the mocks require of `Authorization`: present, in the scheme's form; its value is not checked. */
export const MOCK_CREDENTIALS = { oauth1: "OAuth mock", basic: "Basic bW9jazptb2Nr" };

/**
 * @param {Node} bundle
 * @param {string | undefined} operationId
 * @returns {{ path: string, method: string, operation: Node, item: Node }}
 */
function findOperation(bundle, operationId) {
  for (const [path, item] of Object.entries(bundle.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId === operationId) return { path, method, operation, item };
    }
  }
  throw new Error(`tryOperation ${operationId} is not an operation of the bundle`);
}

/**
 * @param {Node} bundle
 * @param {Node} parameter
 * @returns {unknown}
 */
function exampleOf(bundle, parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0];
  if (named !== undefined) return resolve(bundle, named).value;
  return resolve(bundle, parameter.schema ?? {}).example;
}

/**
 * @param {Node} bundle
 * @param {Node} operation
 */
function authorization(bundle, operation) {
  const requirement = (operation.security ?? bundle.security ?? [])[0] ?? {};
  const name = Object.keys(requirement)[0];
  if (name === undefined) return undefined;
  const scheme = resolve(bundle, bundle.components?.securitySchemes?.[name] ?? {});
  return scheme.type === "http" && scheme.scheme?.toLowerCase() === "basic"
    ? MOCK_CREDENTIALS.basic
    : MOCK_CREDENTIALS.oauth1;
}

/** @param {unknown} value */
function encode(value) {
  return Array.isArray(value)
    ? value.map((v) => encodeURIComponent(String(v))).join(",")
    : encodeURIComponent(String(value));
}

/**
 * { method, path (with query), headers, body } for the document's try operation.
 * @param {Node} bundle
 * @param {string | undefined} operationId
 * @returns {TryRequest}
 */
export function tryRequest(bundle, operationId) {
  const { path, method, operation, item } = findOperation(bundle, operationId);
  const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(bundle, p));
  let filled = path;
  const query = [];
  for (const parameter of parameters) {
    if (!parameter.required) continue;
    const value = exampleOf(bundle, parameter);
    if (parameter.in === "path") filled = filled.replace(`{${parameter.name}}`, encode(value));
    if (parameter.in === "query") query.push(`${encodeURIComponent(parameter.name)}=${encode(value)}`);
  }
  /** @type {Record<string, string>} */
  const headers = {};
  const auth = authorization(bundle, operation);
  if (auth) headers.Authorization = auth;
  /** @type {string | undefined} */
  let body;
  const form = resolve(bundle, operation.requestBody ?? {}).content?.["application/x-www-form-urlencoded"];
  if (form) {
    const example = form.example ?? resolve(bundle, Object.values(form.examples ?? {})[0] ?? {}).value ?? {};
    body = new URLSearchParams(Object.entries(example).map(([k, v]) => [k, String(v)])).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return { method: method.toUpperCase(), path: query.length ? `${filled}?${query.join("&")}` : filled, headers, body };
}

/** @param {string} text */
function shellQuote(text) {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The request as one curl command line against `baseUrl`.
 * @param {string} baseUrl
 * @param {TryRequest} request
 */
export function curlLine(baseUrl, request) {
  const parts = ["curl"];
  const implied = request.body === undefined ? "GET" : "POST";
  if (request.method !== implied) parts.push("-X", request.method);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === "Content-Type" && request.body !== undefined) continue;
    parts.push("-H", shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push("-d", shellQuote(request.body));
  parts.push(shellQuote(`${baseUrl}${request.path}`));
  return parts.join(" ");
}
