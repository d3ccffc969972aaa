// The emulator of the page, as the site's scripts reach it: registers the service worker (emulator-sw.js),
// waits until it controls the page, reads the fixture's published credentials and answers a signing
// fetch (@xads/client's, the signing proxy's rules: OAuth 1.0a or Basic as each operation takes, tokens
// issued by the auth host remembered) whose requests go to the worker's same-origin prefix.
import { createSigningFetch } from "@xads/client/signing-fetch";

export const siteRoot = new URL("./", document.baseURI);

/**
 * An API URL as the page sends it: under the worker's same-origin prefix `_api/<host>/`, so no request
 * is listed as leaving the origin (signatures are still made for the API URL).
 * @param {string} url
 */
export function routeToWorker(url) {
  const api = new URL(url);
  return new URL(`_api/${api.host}${api.pathname}${api.search}`, siteRoot).href;
}

/** @param {Request} signed */
async function sendToWorker(signed) {
  const hasBody = signed.method !== "GET" && signed.method !== "HEAD";
  return fetch(routeToWorker(signed.url), {
    method: signed.method,
    headers: signed.headers,
    ...(hasBody ? { body: await signed.arrayBuffer() } : {}),
  });
}

/**
 * @param {{ onSigned?: (request: Request) => void }} [options] `onSigned` sees each request as signed, before it is sent
 * @returns {Promise<{ send: import("@xads/client/signing-fetch").SigningFetch, credentials: import("@xads/client/signing-fetch").SigningFetchOptions["credentials"] }>}
 */
export async function inPageEmulator(options = {}) {
  await navigator.serviceWorker.register(new URL("emulator-sw.js", siteRoot), { scope: siteRoot.pathname });
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
    );
  }
  /** @type {import("@xads/client/signing-fetch").SigningFetchOptions["credentials"]} */
  const credentials = await fetch(new URL("_emulator/fixture", siteRoot)).then((r) => r.json());
  const { onSigned } = options;
  /** @param {Request} signed */
  const transport = (signed) => {
    onSigned?.(signed);
    return sendToWorker(signed);
  };
  return { send: createSigningFetch({ credentials, fetch: transport }), credentials };
}
