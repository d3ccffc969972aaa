// Where the explorer's requests go: an in-process emulator, each request signed with its fixture's
// OAuth 1.0a credentials, or a base URL that signs for us (the signing proxy in front of the real
// sandbox), sent as they are.
import { signOAuth1 } from "@xads/client";
import { urlOf } from "./requests.mjs";

/** @typedef {import("./requests.mjs").ExploreRequest} ExploreRequest */
/** @typedef {import("./requests.mjs").Answer} Answer */

/**
 * @typedef {object} Target
 * @property {string} name what the report calls it
 * @property {(request: ExploreRequest) => Promise<Answer>} send
 * @property {(() => void | Promise<void>) | undefined} reset back to the start before each run; a target
 *   without one (the sandbox) keeps what earlier runs left, so the explorer deletes what each run created
 */

/**
 * The parts of an emulator the explorer uses (`createEmulator()` of @xads/emulator).
 * @typedef {object} EmulatorLike
 * @property {(url: string, init: RequestInit) => Promise<Response>} fetch
 * @property {() => void} reset
 * @property {{ consumerKey: string, consumerSecret: string, token: string, tokenSecret: string }} fixture
 */

/**
 * @param {Response} response
 * @returns {Promise<Answer>}
 */
async function answerOf(response) {
  const text = await response.text();
  /** @type {unknown} */
  let body = text;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: the oracles see the text (a documented HTML page, or a fault to report).
  }
  return { status: response.status, headers: Object.fromEntries(response.headers), body };
}

/**
 * @param {ExploreRequest} request
 * @param {Record<string, string>} headers
 * @returns {RequestInit}
 */
function initOf(request, headers) {
  const json = request.body !== undefined;
  return {
    method: request.operation.method.toUpperCase(),
    headers: { ...request.headers, ...headers, ...(json ? { "content-type": "application/json" } : {}) },
    ...(json ? { body: JSON.stringify(request.body) } : {}),
  };
}

/**
 * An in-process emulator, each request sent to the operation's own server and signed with the
 * fixture's credentials (a strict emulator checks every signature); `reset` is the emulator's unless
 * one is given (a test that must re-arm a fault after each reset).
 * @param {EmulatorLike} emulator
 * @param {{ reset?: () => void | Promise<void> }} [options]
 * @returns {Target}
 */
export function emulatorTarget(emulator, options = {}) {
  const { consumerKey, consumerSecret, token, tokenSecret } = emulator.fixture;
  return {
    name: "the in-process emulator",
    async send(request) {
      const origin = request.operation.servers[0]?.url ?? "https://ads-api.x.com";
      const url = urlOf(origin, request);
      const method = request.operation.method.toUpperCase();
      const { authorization } = signOAuth1({ method, url, consumerKey, consumerSecret, token, tokenSecret });
      return answerOf(await emulator.fetch(url, initOf(request, { authorization })));
    },
    reset: options.reset ?? (() => emulator.reset()),
  };
}

/**
 * A base URL that signs the requests itself (`createSigningProxy` of @xads/client/sign-proxy in front
 * of the real sandbox): requests go unsigned, and nothing resets it.
 * @param {string} baseUrl
 * @param {typeof fetch} [fetchImpl]
 * @returns {Target}
 */
export function baseUrlTarget(baseUrl, fetchImpl = fetch) {
  return {
    name: baseUrl,
    async send(request) {
      return answerOf(await fetchImpl(urlOf(baseUrl, request), initOf(request, {})));
    },
    reset: undefined,
  };
}
