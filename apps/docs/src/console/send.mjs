// Sends one operation the way the console does, in the page and in Node alike: fills the path, adds the
// query, signs it as the operation takes (the signing fetch of @xads/client) and answers status, headers
// and body text.
import { SigningRefused } from "@xads/client/signing-fetch";

/** @typedef {import("./operations.mjs").ConsoleOperation} ConsoleOperation */
/** @typedef {import("./operations.mjs").ConsolePart} ConsolePart */
/** @typedef {{ status: number, headers: [string, string][], body: string }} Answer */
/**
 * A reader's edits: parameter values by `in.name`, the body's media type (one the operation offers), its
 * text, or, for a multipart body, its parts by name (text, or a file's bytes).
 * @typedef {{ values?: Record<string, string>, mediaType?: string, body?: string, parts?: Record<string, string | Blob> }} Edits
 */

/**
 * A multipart body: each part with the reader's value, else its example text; a part left empty (a file
 * never chosen) is not sent. The content type, with its boundary, is the Request's to set.
 * @param {ConsolePart[]} parts
 * @param {Record<string, string | Blob>} [chosen]
 */
function multipartOf(parts, chosen = {}) {
  const form = new FormData();
  for (const part of parts) {
    const value = chosen[part.name] ?? part.value;
    if (typeof value !== "string") form.append(part.name, value, value instanceof File ? value.name : part.name);
    else if (value !== "") form.append(part.name, value);
  }
  return form;
}

/**
 * The request of an operation with the given edits (the operation's own values where left out).
 * @param {ConsoleOperation} operation
 * @param {Edits} [edits]
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
  const chosen = operation.otherBodies.find((b) => b.mediaType === edits.mediaType) ?? operation.body;
  if (chosen && "parts" in chosen)
    return { method: operation.method, url, headers, body: multipartOf(chosen.parts, edits.parts) };
  const body = edits.body ?? chosen?.text;
  if (chosen && body !== undefined) headers["content-type"] = chosen.mediaType;
  return { method: operation.method, url, headers, body: chosen ? body : undefined };
}

/**
 * Sends the operation through a signing fetch (@xads/client/signing-fetch: OAuth 1.0a with the user's token,
 * without one for the request-token step, with a relayed request token for the access-token step; Basic
 * where the operation takes the app's key and secret). A request it cannot sign answers 400 with why.
 * @param {ConsoleOperation} operation
 * @param {Edits} edits
 * @param {{ send: import("@xads/client/signing-fetch").SigningFetch }} through
 * @returns {Promise<Answer & { url: string, method: string }>}
 */
export async function sendOperation(operation, edits, { send }) {
  const request = requestOf(operation, edits);
  /** @type {Response} */
  let response;
  try {
    response = await send(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
      }),
    );
  } catch (error) {
    if (!(error instanceof SigningRefused)) throw error;
    response = new Response(JSON.stringify({ errors: [{ code: "NOT_SIGNED", message: error.message }] }), {
      status: 400,
      headers: { "content-type": "application/json" },
    });
  }
  return {
    method: request.method,
    url: request.url,
    status: response.status,
    headers: [...response.headers.entries()],
    body: await response.text(),
  };
}
