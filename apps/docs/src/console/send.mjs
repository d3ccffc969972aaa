// Sends one operation the way the console does, in the page and in Node alike: fills the path, adds the
// query, signs with OAuth 1.0a (or HTTP Basic, for the operations that take the app's key and secret) and
// answers status, headers and body text. `route` maps the API URL to where it is sent (the page's
// same-origin prefix; unchanged in Node).
import { signOAuth1 } from "@xads/client";

/** @typedef {import("./operations.mjs").ConsoleOperation} ConsoleOperation */
/** @typedef {{ consumerKey: string, consumerSecret: string, token: string, tokenSecret: string }} Credentials */
/** @typedef {{ status: number, headers: [string, string][], body: string }} Answer */

/**
 * The request of an operation with the given parameter values and body text (the operation's own when left out).
 * @param {ConsoleOperation} operation
 * @param {{ values?: Record<string, string>, body?: string }} [edits] values by `in.name`
 */
export function requestOf(operation, edits = {}) {
  const chosenValue = (/** @type {ConsoleOperation["parameters"][number]} */ p) =>
    edits.values?.[`${p.in}.${p.name}`] ?? p.value;
  let path = operation.path;
  const query = new URLSearchParams();
  /** @type {Record<string, string>} */
  const headers = {};
  for (const p of operation.parameters) {
    const value = chosenValue(p);
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    if (p.in === "query" && value !== "") query.append(p.name, value);
    if (p.in === "header" && value !== "") headers[p.name] = value;
  }
  const search = query.toString().replaceAll("+", "%20");
  const url = `${operation.server}${path}${search ? `?${search}` : ""}`;
  const body = edits.body ?? operation.body?.text;
  if (operation.body && body !== undefined) headers["content-type"] = operation.body.mediaType;
  return { method: operation.method, url, headers, body: operation.body ? body : undefined };
}

/**
 * @param {ConsoleOperation} operation
 * @param {{ values?: Record<string, string>, body?: string }} edits
 * @param {{ credentials: Credentials, fetch: (url: string, init: RequestInit) => Promise<Response>, route?: (url: string) => string }} through
 * @returns {Promise<Answer & { url: string, method: string }>}
 */
export async function sendOperation(operation, edits, { credentials, fetch, route = (url) => url }) {
  const request = requestOf(operation, edits);
  if (operation.security === "oauth1") {
    const form = request.headers["content-type"] === "application/x-www-form-urlencoded" ? request.body : undefined;
    request.headers.authorization = signOAuth1({
      method: request.method,
      url: request.url,
      ...(form ? { form } : {}),
      ...credentials,
    }).authorization;
  }
  if (operation.security === "basic") {
    request.headers.authorization = `Basic ${btoa(`${credentials.consumerKey}:${credentials.consumerSecret}`)}`;
  }
  const response = await fetch(route(request.url), {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  return {
    method: request.method,
    url: request.url,
    status: response.status,
    headers: [...response.headers.entries()],
    body: await response.text(),
  };
}
