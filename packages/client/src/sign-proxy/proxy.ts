// A loopback HTTP proxy that signs each request it forwards (OAuth 1.0a, or Basic where the operation
// takes it), so tools that cannot sign (Arazzo runners, curl) can talk to the API, the sandbox or a
// strict emulator. Credentials never appear in its answers or errors. It signs with the user's real
// credentials, so @xads/local-guard's door stands before everything: clients of this machine naming
// it by its own name, no web pages, other machines only with a token.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BodyTooLarge, createDoor, isLoopbackHost, readBodyWithin, requestUrl } from "@xads/local-guard";
import type { HarRecorder } from "./recorder.js";
import { createSigningFetch, SigningRefused } from "./signing-fetch.js";
import type { ProxyCredentials } from "./signing-plan.js";
import { createTokenMemory, type TokenMemory } from "./token-memory.js";

export { RELAYED_TOKEN_HEADER, RELAYED_VERIFIER_HEADER } from "./signing-fetch.js";

export interface SigningProxyOptions {
  /** Where requests go: an origin, e.g. `https://ads-api-sandbox.x.com` or `http://127.0.0.1:4011`. */
  target: string;
  credentials: ProxyCredentials;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Largest request body forwarded; default 16 MiB (an upload chunk is at most 5 MiB). */
  maxBodyBytes?: number;
  /** Per forwarded request; default 60 s. */
  timeoutMs?: number;
  /**
   * The relayed tokens; share one between the proxies of several hosts, so a token issued by the
   * auth host can sign requests to the ads host. Default: the proxy's own.
   */
  tokens?: TokenMemory;
  /**
   * Opens the proxy to other machines: a client elsewhere must send this token (at least 16
   * characters) in `x-xads-proxy-token`. Without it, clients on other machines are refused whatever
   * `host` is.
   */
  remoteToken?: string;
  /** Origins whose web pages may call the proxy (answered with CORS headers); by default none may. */
  allowedOrigins?: readonly string[];
  /** Host names a request may name besides this machine's loopback names and the listen address. */
  allowedHosts?: readonly string[];
  /** Records each exchange it forwards, redacted (`createHarRecorder`; `--record DIR`). */
  recorder?: HarRecorder;
}

export interface SigningProxy {
  url: string;
  /** What a person starting the proxy must read: it listens beyond this machine. */
  warnings: string[];
  close(): Promise<void>;
}

/** The request header a client on another machine sends the proxy's token in; never forwarded. */
export const PROXY_TOKEN_HEADER = "x-xads-proxy-token";
const MIN_TOKEN_LENGTH = 16;

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
  "host",
  "content-length",
  PROXY_TOKEN_HEADER,
  // A browser's headers describe the page, not the API call.
  "origin",
  "referer",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
  "sec-fetch-user",
]);

/** Hop-by-hop and length headers of an answer: the proxy sends the decoded body with its own length. */
const DROPPED_ANSWER_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-encoding",
  "content-length",
]);

class ProxyFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function parseTarget(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new TypeError(`signing proxy: target must be an absolute http(s) URL (got ${JSON.stringify(target)})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`signing proxy: target must be http or https (got ${url.protocol})`);
  }
  return url;
}

export async function createSigningProxy(options: SigningProxyOptions): Promise<SigningProxy> {
  const origin = parseTarget(options.target);
  const base = origin.href.replace(/\/$/, "");
  const { credentials } = options;
  for (const name of ["consumerKey", "consumerSecret", "token", "tokenSecret"] as const) {
    if (!credentials[name]) throw new TypeError(`signing proxy: credentials.${name} is empty`);
  }
  const limit = options.maxBodyBytes ?? 16 * 2 ** 20;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const tokens = options.tokens ?? createTokenMemory();
  if (options.remoteToken !== undefined && options.remoteToken.length < MIN_TOKEN_LENGTH) {
    throw new TypeError(`signing proxy: remoteToken must be at least ${MIN_TOKEN_LENGTH} characters`);
  }
  const host = options.host ?? "127.0.0.1";
  let door: ReturnType<typeof createDoor> | undefined;
  const signingFetch = createSigningFetch({
    credentials,
    tokens,
    async fetch(signed) {
      const startedAt = Date.now();
      const requestBody = options.recorder ? Buffer.from(await signed.clone().arrayBuffer()) : undefined;
      const answer = await fetch(signed, { signal: AbortSignal.timeout(timeoutMs) });
      if (!options.recorder) return answer;
      const responseBody = Buffer.from(await answer.arrayBuffer());
      options.recorder.record({
        startedAt,
        endedAt: Date.now(),
        method: signed.method,
        url: signed.url,
        requestHeaders: signed.headers,
        requestBody: requestBody && requestBody.length > 0 ? requestBody : undefined,
        status: answer.status,
        responseHeaders: answer.headers,
        responseBody,
      });
      return new Response(responseBody.length > 0 ? responseBody : null, {
        status: answer.status,
        headers: answer.headers,
      });
    },
  });

  async function forward(request: IncomingMessage, response: ServerResponse) {
    // The door is made once the port is known, before the first request can arrive.
    const verdict = door?.({ remoteAddress: request.socket.remoteAddress, headers: request.headers });
    if (!verdict) throw new ProxyFailure(503, "the signing proxy is starting");
    if (!verdict.allowed) throw new ProxyFailure(verdict.status, verdict.reason);
    const cors: Record<string, string> = verdict.corsOrigin
      ? { "access-control-allow-origin": verdict.corsOrigin, vary: "Origin" }
      : {};
    if (verdict.corsOrigin && request.method === "OPTIONS" && request.headers["access-control-request-method"]) {
      response.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST, PUT, DELETE",
        "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "",
        "access-control-max-age": "600",
      });
      response.end();
      return;
    }
    const target = requestUrl(request.url, "proxy.invalid");
    if ("error" in target) throw new ProxyFailure(400, target.error);
    const incoming = target.url;
    const url = `${base}${incoming.pathname}${incoming.search}`;
    const method = request.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : await readBodyWithin(request, limit);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    let answer: Response;
    let payload = Buffer.alloc(0);
    try {
      answer = await signingFetch(
        new Request(url, {
          method,
          headers,
          ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) } : {}),
        }),
      );
      payload = Buffer.from(await answer.arrayBuffer());
    } catch (error) {
      if (error instanceof SigningRefused) throw new ProxyFailure(400, error.message);
      const reason = (error as Error).name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : "connection failed";
      throw new ProxyFailure(502, `${method} ${origin.origin}${incoming.pathname}: ${reason}`);
    }
    const out: Record<string, string> = { ...cors };
    answer.headers.forEach((value, name) => {
      if (!DROPPED_ANSWER_HEADERS.has(name)) out[name] = value;
    });
    out["content-length"] = String(payload.length);
    response.writeHead(answer.status, out);
    response.end(payload);
  }

  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      const failure =
        error instanceof BodyTooLarge
          ? new ProxyFailure(413, `request body over ${error.limit} bytes (the proxy's maxBodyBytes)`)
          : error;
      const status = failure instanceof ProxyFailure ? failure.status : 500;
      const message =
        failure instanceof ProxyFailure ? failure.message : "the signing proxy failed to forward the request";
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(status, { "content-type": "application/json", connection: "close" });
      response.end(JSON.stringify({ errors: [{ code: "SIGNING_PROXY", message }] }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  door = createDoor({
    server: "the signing proxy",
    host,
    port: address.port,
    tokenHeader: PROXY_TOKEN_HEADER,
    remoteToken: options.remoteToken,
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
  });
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    warnings: exposureWarnings(host, options.remoteToken !== undefined),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the proxy says at start when it listens beyond this machine. */
function exposureWarnings(host: string, remote: boolean): string[] {
  if (isLoopbackHost(host)) return [];
  if (!remote) {
    return [
      `WARNING: the signing proxy listens on ${host}, but clients on other machines are refused:`,
      "  it signs with your credentials, so it opens to them only with remoteToken (--allow-remote).",
    ];
  }
  return [
    `WARNING: the signing proxy listens on ${host} and signs with YOUR credentials for any machine that`,
    `  sends the token in ${PROXY_TOKEN_HEADER}. Anyone holding the token acts as you on the API.`,
  ];
}
