// A loopback HTTP proxy that signs each request it forwards (OAuth 1.0a, or Basic where the operation
// takes it), so tools that cannot sign (Arazzo runners, curl) can talk to the API, the sandbox or a
// strict emulator. Credentials never appear in its answers or errors.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { basicAuthorization } from "../layers/basic.js";
import { signOAuth1 } from "../oauth1.js";
import { type ProxyCredentials, planSigning, SIGN_TOKEN_HEADER } from "./signing-plan.js";
import { createTokenMemory, type TokenMemory } from "./token-memory.js";

/** Answer headers the proxy adds: values a runner cannot read from an `&`-joined or HTML answer. */
export const RELAYED_TOKEN_HEADER = "x-xads-proxy-oauth-token";
export const RELAYED_VERIFIER_HEADER = "x-xads-proxy-oauth-verifier";

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
}

export interface SigningProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
  "host",
  "content-length",
  SIGN_TOKEN_HEADER,
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

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Keep nothing more, let the rest drain, and answer 413 (the answer closes the connection).
      request.off("data", onData);
      request.resume();
      chunks.length = 0;
      reject(new ProxyFailure(413, `request body over ${limit} bytes (the proxy's maxBodyBytes)`));
    };
    request.on("data", onData);
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
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

const verifierIn = (link: string | null) => {
  if (!link) return undefined;
  try {
    return new URL(link).searchParams.get("oauth_verifier") ?? undefined;
  } catch {
    return undefined;
  }
};

export async function createSigningProxy(options: SigningProxyOptions): Promise<SigningProxy> {
  const target = parseTarget(options.target);
  const base = target.href.replace(/\/$/, "");
  const { credentials } = options;
  for (const name of ["consumerKey", "consumerSecret", "token", "tokenSecret"] as const) {
    if (!credentials[name]) throw new TypeError(`signing proxy: credentials.${name} is empty`);
  }
  const limit = options.maxBodyBytes ?? 16 * 2 ** 20;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const tokens = options.tokens ?? createTokenMemory();

  async function forward(request: IncomingMessage, response: ServerResponse) {
    const incoming = new URL(request.url ?? "/", "http://proxy.invalid");
    const url = `${base}${incoming.pathname}${incoming.search}`;
    const method = request.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : await readBody(request, limit);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const signToken = request.headers[SIGN_TOKEN_HEADER];
    const plan = planSigning({
      method,
      path: `${target.pathname.replace(/\/$/, "")}${incoming.pathname}`,
      query: incoming.searchParams,
      authorization: request.headers.authorization,
      signToken: Array.isArray(signToken) ? signToken[0] : signToken,
      credentials,
      secretOf: tokens.secretOf,
    });
    if (plan.kind === "error") throw new ProxyFailure(400, plan.message);
    if (plan.kind === "basic") {
      headers.set("authorization", basicAuthorization(credentials));
    } else if (plan.kind === "oauth1") {
      const isForm = headers.get("content-type")?.startsWith("application/x-www-form-urlencoded");
      headers.set(
        "authorization",
        signOAuth1({
          method,
          url,
          ...(isForm && body ? { form: body.toString("utf8") } : {}),
          consumerKey: credentials.consumerKey,
          consumerSecret: credentials.consumerSecret,
          ...(plan.token ? { token: plan.token, tokenSecret: plan.tokenSecret } : {}),
        }).authorization,
      );
    }
    let answer: Response;
    try {
      answer = await fetch(url, {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) } : {}),
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : "connection failed";
      throw new ProxyFailure(502, `${method} ${target.origin}${incoming.pathname}: ${reason}`);
    }
    const payload = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!DROPPED_ANSWER_HEADERS.has(name)) out[name] = value;
    });
    if (answer.headers.get("content-type")?.startsWith("text/plain")) {
      const learnt = tokens.learn(payload.toString("utf8"));
      if (learnt) out[RELAYED_TOKEN_HEADER] = learnt;
    }
    const verifier =
      verifierIn(answer.headers.get("location")) ?? verifierIn(answer.headers.get("x-xads-emulator-callback"));
    if (verifier) out[RELAYED_VERIFIER_HEADER] = verifier;
    out["content-length"] = String(payload.length);
    response.writeHead(answer.status, out);
    response.end(payload);
  }

  const server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      const status = error instanceof ProxyFailure ? error.status : 500;
      const message = error instanceof ProxyFailure ? error.message : "the signing proxy failed to forward the request";
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
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
