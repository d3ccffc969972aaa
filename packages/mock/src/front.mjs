// The server on a mock's public port. It answers `/` with a short index of the document and
// `/openapi.json` with its bundle, and passes every other request to Prism unchanged. Prism's
// answers pass back unchanged too, except the rate-limit reset headers: Prism repeats the spec's
// example epoch, which lies in the past; the front puts the reset one window after the request.
import { Agent, createServer, request as httpRequest } from "node:http";
import { nameViolations } from "./violations.mjs";

/** The user-level and account-level windows of the ads interface are 15 minutes. */
export const RESET_WINDOW_SECONDS = 15 * 60;
const RESET_HEADERS = new Set(["x-rate-limit-reset", "x-account-rate-limit-reset"]);

/**
 * @param {string[]} rawHeaders name, value, name, value...
 * @param {number} nowSeconds
 */
function withFreshResets(rawHeaders, nowSeconds) {
  const out = rawHeaders.slice();
  for (let i = 0; i < out.length; i += 2) {
    if (RESET_HEADERS.has(out[i]?.toLowerCase() ?? "") && /^\d+$/.test(out[i + 1] ?? "")) {
      out[i + 1] = String(nowSeconds + RESET_WINDOW_SECONDS);
    }
  }
  return out;
}

/**
 * @param {import("node:http").ServerResponse} response
 * @param {number} status
 * @param {unknown} value
 * @param {boolean} [head] a HEAD request: headers only
 */
function sendJson(response, status, value, head) {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  response.end(head ? undefined : text);
}

/**
 * An http.Server for one mock. `index()` gives the JSON answered on `/`, `bundleText()` the bundle
 * answered on `/openapi.json`; `target()` gives Prism's current `{ host, port }` (it changes when the mock reloads).
 * @param {{
 *   index: () => unknown,
 *   bundleText: () => string,
 *   target: () => { host: string, port: number },
 *   now?: () => number,
 * }} options
 */
export function createFront({ index, bundleText, target, now = Date.now }) {
  // A fresh connection per request: a kept-alive socket that Prism closes (after its 5 s idle
  // timeout) just as the front reuses it answers ECONNRESET, which loaded test runs hit.
  const agent = new Agent({ keepAlive: false });
  const server = createServer((request, response) => {
    const head = request.method === "HEAD";
    if ((request.method === "GET" || head) && (request.url === "/" || request.url === "/openapi.json")) {
      if (request.url === "/") return sendJson(response, 200, index(), head);
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      return response.end(head ? undefined : bundleText());
    }
    const { host, port } = target();
    const upstream = httpRequest(
      { host, port, method: request.method, path: request.url, headers: request.rawHeaders, agent },
      (answer) => {
        const headers = withFreshResets(answer.rawHeaders, Math.ceil(now() / 1000));
        const violations = answer.headers["sl-violations"];
        if (answer.statusCode !== 400 || typeof violations !== "string") {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
          answer.pipe(response);
          return;
        }
        /** @type {Buffer[]} */
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => {
          const text = nameViolations(Buffer.concat(chunks).toString("utf8"), violations);
          const length = String(Buffer.byteLength(text));
          for (let i = 0; i < headers.length; i += 2)
            if (headers[i]?.toLowerCase() === "content-length") headers[i + 1] = length;
          response.writeHead(400, answer.statusMessage, headers);
          response.end(text);
        });
      },
    );
    upstream.on("error", (error) => {
      if (response.headersSent) return response.destroy(error);
      sendJson(response, 502, {
        errors: [{ code: "MOCK_UNAVAILABLE", message: `the Prism mock did not answer: ${error.message}` }],
      });
    });
    request.pipe(upstream);
  });
  server.on("close", () => agent.destroy());
  return server;
}

/** Thrown when a public port is taken; `port` and `name` say which. */
export class PortInUseError extends Error {
  /**
   * @param {string} name the document
   * @param {number} port
   * @param {string} host
   */
  constructor(name, port, host) {
    super(`port ${port} on ${host} (${name}) is already in use`);
    this.name = "PortInUseError";
    this.port = port;
    this.document = name;
  }
}

/**
 * Listens on host:port; rejects with PortInUseError when the port is taken.
 * @param {import("node:net").Server} server
 * @param {{ port: number, host: string, name: string }} where
 * @returns {Promise<number>} the port listened on
 */
export function listen(server, { port, host, name }) {
  return new Promise((resolveListen, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const onError = (error) => {
      server.off("listening", onListening);
      reject(error.code === "EADDRINUSE" ? new PortInUseError(name, port, host) : error);
    };
    const onListening = () => {
      server.off("error", onError);
      // A server listening on a TCP port has an AddressInfo (not a pipe name, not null).
      resolveListen(/** @type {import("node:net").AddressInfo} */ (server.address()).port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}
