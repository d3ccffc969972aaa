// Serves the emulator over HTTP: one port per document (every port answers every path; the port only
// picks the error body of an unknown path), on free ports unless told.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { documents } from "./generated/index.js";
import type { RequestMeta } from "./pipeline.js";

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

type Handler = (request: Request, meta: RequestMeta) => Promise<Response>;

async function toRequest(message: IncomingMessage, host: string): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_READ_BYTES) break;
    chunks.push(chunk as Buffer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (size > MAX_READ_BYTES) headers.set("content-length", String(size));
  const method = (message.method ?? "GET").toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD" && chunks.length > 0;
  return new Request(`http://${message.headers.host ?? host}${message.url ?? "/"}`, {
    method,
    headers,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function respond(response: Response, out: ServerResponse) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  out.writeHead(response.status, headers);
  out.end(Buffer.from(await response.arrayBuffer()));
}

function listenOne(port: number, host: string, document: string, handler: Handler): Promise<Server> {
  const server = createServer((message, out) => {
    toRequest(message, `${host}:${port}`)
      .then((request) => handler(request, { loopback: LOOPBACK.has(message.socket.remoteAddress ?? ""), document }))
      .then((response) => respond(response, out))
      .catch((error: unknown) => {
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
      const server = await listenOne(options.ports?.[name] ?? 0, host, name, handler);
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      urls[name] = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
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
