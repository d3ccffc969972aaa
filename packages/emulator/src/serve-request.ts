// One served request, whichever server it came in on (a document's port, over HTTP or TLS, or a
// proxy's tunnel): its URL from the target and Host, its parts for the pipeline (the body read only
// when the pipeline asks, within the limit it gives), and the answer written back. A request whose
// fault drops the connection (DroppedConnection) gets no answer: its socket is destroyed.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BodyTooLarge, type DoorVerdict, isLoopbackAddress, readBodyWithin, requestUrl } from "@xads/local-guard";
import { DroppedConnection } from "./call.js";
import type { RequestLike } from "./http/request-like.js";
import type { Reply, RequestMeta } from "./pipeline.js";

/** The request header carrying the control token. */
export const CONTROL_TOKEN_HEADER = "x-xads-emulator-token";

/** What the served request adds: the client's standing at the door, asked only for the controls. */
export interface ServedMeta extends RequestMeta {
  door(): DoorVerdict;
}

export interface Handler {
  answer(request: RequestLike & { url: string }, meta: ServedMeta & { url: URL }): Promise<Reply | Response>;
  /** A request that is not one (its target or Host is no URL): answered 400 and logged. */
  refuse(reason: string, method: string, target: string, meta: RequestMeta): Reply;
}

/** Where a request came in. */
export interface Entry {
  /** The document whose errors an unknown path answers with. */
  document: string | undefined;
  /** Over TLS: the URL the pipeline sees (and verifies signatures with) is https://<Host>/... */
  https: boolean;
  /** The authority when the request names none (no Host). */
  ownHost(): string;
  door(message: IncomingMessage): DoorVerdict;
  /** The client's address, when the socket's own is not the client's (a tunnel's). */
  remoteAddress?: string | undefined;
}

/** The largest body the controls read (a restored snapshot of many records). */
const CONTROL_BODY_BYTES = 256 * 1024 * 1024;

function toRequest(message: IncomingMessage, url: URL): RequestLike {
  const method = (message.method ?? "GET").toUpperCase();
  const incoming = message.headers;
  const headers = {
    get(name: string): string | null {
      const value = incoming[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
  const declared = incoming["content-length"];
  const hasBody =
    method !== "GET" && method !== "HEAD" && (incoming["transfer-encoding"] !== undefined || Number(declared) > 0);
  const bodyWithin = async (maxBytes: number) => {
    try {
      return await readBodyWithin(message, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) return undefined;
      throw error;
    }
  };
  return {
    method,
    url: url.href,
    headers,
    headerRecord: incoming,
    body: hasBody ? message : null,
    bodyWithin,
    arrayBuffer: async () => {
      const bytes = hasBody ? await bodyWithin(CONTROL_BODY_BYTES) : new Uint8Array();
      if (!bytes) throw new RangeError(`the request body is over ${CONTROL_BODY_BYTES} bytes`);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
}

/** The headers with the body's length (none for a status that has no body: 204, 304). */
function withLength(status: number, headers: Record<string, string>, body: Buffer | undefined): Record<string, string> {
  if (status === 204 || status === 304) return headers;
  return { ...headers, "content-length": String(body?.byteLength ?? 0) };
}

async function respond(answer: Reply | Response, out: ServerResponse) {
  if (!(answer instanceof Response)) {
    // The pipeline's reply goes out as it is: no Response to build and read back. Its length is given,
    // so the answer goes out in one write rather than chunked.
    const body = answer.body === null ? undefined : Buffer.from(answer.body);
    out.writeHead(answer.status, withLength(answer.status, answer.headers, body));
    out.end(body);
    return;
  }
  const response = answer;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  out.writeHead(response.status, withLength(response.status, headers, body));
  out.end(body);
}

/** Whether a connection comes from this machine: read once per socket (its peer does not change). */
const loopbackSockets = new WeakMap<IncomingMessage["socket"], boolean>();
function loopbackSocket(message: IncomingMessage): boolean {
  let loopback = loopbackSockets.get(message.socket);
  if (loopback === undefined) {
    loopback = isLoopbackAddress(message.socket.remoteAddress);
    loopbackSockets.set(message.socket, loopback);
  }
  return loopback;
}

export function serveRequest(handler: Handler, entry: Entry, message: IncomingMessage, out: ServerResponse): void {
  const loopback = entry.remoteAddress !== undefined ? isLoopbackAddress(entry.remoteAddress) : loopbackSocket(message);
  const method = (message.method ?? "GET").toUpperCase();
  const { document } = entry;
  const target = requestUrl(message.url, message.headers.host ?? entry.ownHost());
  if (!("error" in target) && entry.https) target.url.protocol = "https:";
  const answered =
    "error" in target
      ? Promise.resolve(handler.refuse(target.error, method, message.url ?? "", { loopback, document }))
      : handler.answer(toRequest(message, target.url), {
          loopback,
          document,
          url: target.url,
          door: () => entry.door(message),
        });
  answered
    .then((response) => respond(response, out))
    .catch((error: unknown) => {
      if (error instanceof DroppedConnection) {
        message.socket.destroy();
        return;
      }
      process.stderr.write(`@xads/emulator: ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!out.headersSent) out.writeHead(500, { "content-type": "application/json" });
      out.end(
        JSON.stringify({ errors: [{ code: "INTERNAL_ERROR", message: "Internal error" }], request: { params: {} } }),
      );
    });
}
