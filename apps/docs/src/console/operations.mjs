// What the in-page console knows of each operation of a document, written beside its reference page as
// JSON: how to call it (method, path, server, security) and the values it starts with, the same example
// values the page's code samples send (examples.mjs).
import { sampleParameters, serverUrl } from "../examples.mjs";

/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/**
 * @typedef {{
 *   id: string,
 *   summary: string,
 *   method: string,
 *   path: string,
 *   server: string,
 *   security: string,
 *   parameters: { name: string, in: "path" | "query" | "header", value: string }[],
 *   body: { mediaType: string, text: string } | null,
 * }} ConsoleOperation
 */

/** @param {unknown} value */
const asText = (value) => (Array.isArray(value) ? value.map(String).join(",") : String(value));

/**
 * @param {Operation} operation
 * @returns {ConsoleOperation}
 */
export function consoleOperation(operation) {
  const body = operation.requestBody;
  /** @type {ConsoleOperation["body"]} */
  let consoleBody = null;
  if (body && body.example !== undefined) {
    const form = body.mediaType === "application/x-www-form-urlencoded";
    const fields = /** @type {Record<string, unknown>} */ (body.example);
    consoleBody = {
      mediaType: body.mediaType,
      text: form
        ? new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, asText(v)])).toString()
        : JSON.stringify(body.example, null, 2),
    };
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
    body: consoleBody,
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
