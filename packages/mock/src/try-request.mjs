// The one ready request printed per mock (and shown on its root page): the document's `tryOperation`
// from spec/documents.json, filled from the operation's examples, with the Authorization the mock asks for.

/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("./index.js").TryRequest} TryRequest */

/** What the mocks require of `Authorization`: present, in the scheme's form; its value is not checked. */
export const MOCK_CREDENTIALS = { oauth1: "OAuth mock", basic: "Basic bW9jazptb2Nr" };

/** @param {unknown} value */
function encode(value) {
  return Array.isArray(value)
    ? value.map((v) => encodeURIComponent(String(v))).join(",")
    : encodeURIComponent(String(value));
}

/**
 * { method, path (with query), headers, body } for an operation, from its examples.
 * @param {Operation} operation
 * @returns {TryRequest}
 */
export function tryRequest(operation) {
  let path = operation.path;
  const query = [];
  for (const parameter of operation.parameters.filter((p) => p.required)) {
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encode(parameter.example));
    if (parameter.in === "query") query.push(`${encodeURIComponent(parameter.name)}=${encode(parameter.example)}`);
  }
  /** @type {Record<string, string>} */
  const headers = {};
  if (operation.security === "basic") headers.Authorization = MOCK_CREDENTIALS.basic;
  else if (operation.security !== "none") headers.Authorization = MOCK_CREDENTIALS.oauth1;
  /** @type {string | undefined} */
  let body;
  if (operation.requestBody?.mediaType === "application/x-www-form-urlencoded") {
    const example = /** @type {Record<string, unknown>} */ (operation.requestBody.example ?? {});
    body = new URLSearchParams(Object.entries(example).map(([k, v]) => [k, String(v)])).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  return {
    method: operation.method.toUpperCase(),
    path: query.length ? `${path}?${query.join("&")}` : path,
    headers,
    body,
  };
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
