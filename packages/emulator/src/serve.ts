// Serves the emulator over HTTP: one port per document (every port answers every path; the port only
// picks the error body of an unknown path), on free ports unless told. A request whose fault drops
// the connection (the pipeline throws DroppedConnection) gets no answer: its socket is destroyed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DroppedConnection } from "./call.js";
import { documents } from "./generated/index.js";
import type { RequestLike } from "./http/request-like.js";
import type { Reply, RequestMeta } from "./pipeline.js";

export type DocumentName = "auth" | "ads" | "tailored-audiences" | "upload";

export interface ListenOptions {
  /** Port per document; 0 or absent: a free port. */
  ports?: Partial<Record<DocumentName, number>>;
  /** Default 127.0.0.1. */
  host?: string;
}

export interface Served {
  urls: Record<DocumentName, string>;
  close(): Promise<void>;
}

/** More than any accepted body: the pipeline answers the API's error, the connection is then closed. */
const MAX_READ_BYTES = 16 * 1024 * 1024;
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

type Handler = (request: RequestLike, meta: RequestMeta) => Promise<Reply | Response>;

/** The body, read whole (at most MAX_READ_BYTES; `size` counts what was sent). */
function readBody(message: IncomingMessage): Promise<{ chunks: Buffer[]; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    message.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= MAX_READ_BYTES) chunks.push(chunk);
    });
    message.on("end", () => resolve({ chunks, size }));
    message.on("error", reject);
  });
}

async function toRequest(message: IncomingMessage, host: string): Promise<RequestLike> {
  const method = (message.method ?? "GET").toUpperCase();
  // A GET or HEAD is not read: most requests have no body, and the stream ends unread.
  const { chunks, size } = method === "GET" || method === "HEAD" ? { chunks: [], size: 0 } : await readBody(message);
  // Node's own header object (lower-case names), read through a getter: no Headers to build.
  const incoming = size > MAX_READ_BYTES ? { ...message.headers, "content-length": String(size) } : message.headers;
  const headers = {
    get(name: string): string | null {
      const value = incoming[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
  // The parts as read, not a WHATWG Request (building one costs about as much as answering a read).
  const body = chunks.length > 0 ? Buffer.concat(chunks) : null;
  return {
    method,
    url: `http://${message.headers.host ?? host}${message.url ?? "/"}`,
    headers,
    headerRecord: incoming,
    body,
    arrayBuffer: async () =>
      body ? body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) : new ArrayBuffer(0),
  };
}

async function respond(answer: Reply | Response, out: ServerResponse) {
  if (!(answer instanceof Response)) {
    // The pipeline's reply goes out as it is: no Response to build and read back.
    out.writeHead(answer.status, answer.headers);
    out.end(answer.body ?? undefined);
    return;
  }
  const response = answer;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  out.writeHead(response.status, headers);
  out.end(body);
}

function listenOne(port: number, host: string, document: string, handler: Handler): Promise<Server> {
  const server = createServer((message, out) => {
    toRequest(message, `${host}:${port}`)
      .then((request) => handler(request, { loopback: LOOPBACK.has(message.socket.remoteAddress ?? ""), document }))
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
  });
  server.keepAliveTimeout = 1000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

export async function serve(options: ListenOptions = {}, handler: Handler): Promise<Served> {
  const host = options.host ?? "127.0.0.1";
  const servers: Server[] = [];
  const urls = {} as Record<DocumentName, string>;
  try {
    for (const document of documents) {
      const name = document.name as DocumentName;
      const port = options.ports?.[name] ?? 0;
      // A taken port rejects with the listen error (code EADDRINUSE), naming the document and port.
      const server = await listenOne(port, host, name, handler).catch((error: unknown) => {
        throw Object.assign(error as Error, { document: name, port });
      });
      servers.push(server);
      const address = server.address() as AddressInfo;
      urls[name] = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
    }
  } catch (error) {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    throw error;
  }
  return {
    urls,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      ).then(() => undefined),
  };
}
