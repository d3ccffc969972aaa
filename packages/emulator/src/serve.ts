// Serves the emulator over HTTP: one port per document (every port answers every path; the port only
// picks the error body of an unknown path), on free ports unless told. A request whose fault drops
// the connection (the pipeline throws DroppedConnection) gets no answer: its socket is destroyed.
// Each port has @xads/local-guard's door, which the controls (`/_emulator/`) pass through: clients of
// this machine naming it by its own name, no web pages, and other machines only with the control token.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  BodyTooLarge,
  createDoor,
  type DoorVerdict,
  isLoopbackAddress,
  isLoopbackHost,
  newToken,
  readBodyWithin,
  requestUrl,
  urlHostname,
} from "@xads/local-guard";
import { DroppedConnection } from "./call.js";
import { documents } from "./generated/index.js";
import type { RequestLike } from "./http/request-like.js";
import type { Reply, RequestMeta } from "./pipeline.js";

export type DocumentName = "auth" | "ads" | "tailored-audiences" | "upload";

export interface ListenOptions {
  /** Port per document; 0 or absent: a free port. */
  ports?: Partial<Record<DocumentName, number>>;
  /** Default 127.0.0.1. On another interface the controls answer other machines only with the token. */
  host?: string;
  /** The token other machines send the controls (`x-xads-emulator-token`); made at random when needed. */
  controlToken?: string;
  /** Origins whose web pages may use the controls; by default none may. */
  allowedOrigins?: readonly string[];
  /** Host names the controls answer besides this machine's loopback names and the listen address. */
  allowedHosts?: readonly string[];
}

export interface Served {
  urls: Record<DocumentName, string>;
  /** The token other machines must send the controls, when the emulator listens beyond loopback. */
  controlToken?: string;
  close(): Promise<void>;
}

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

/** The request's parts, the body read only when the pipeline asks, within the limit it gives. */
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

/** The largest body the controls read (a restored snapshot of many records). */
const CONTROL_BODY_BYTES = 256 * 1024 * 1024;

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

interface PortOptions extends ListenOptions {
  host: string;
  port: number;
  document: string;
}

function listenOne(options: PortOptions, handler: Handler): Promise<Server> {
  const { host, document } = options;
  let door: ReturnType<typeof createDoor> | undefined;
  const server = createServer((message, out) => {
    const loopback = isLoopbackAddress(message.socket.remoteAddress);
    const method = (message.method ?? "GET").toUpperCase();
    const ownHost = () => `${urlHostname(host)}:${(message.socket.address() as AddressInfo).port}`;
    const target = requestUrl(message.url, message.headers.host ?? ownHost());
    const answered =
      "error" in target
        ? Promise.resolve(handler.refuse(target.error, method, message.url ?? "", { loopback, document }))
        : handler.answer(toRequest(message, target.url), {
            loopback,
            document,
            url: target.url,
            door: () =>
              door?.({ remoteAddress: message.socket.remoteAddress, headers: message.headers }) ?? {
                allowed: false,
                status: 403,
                reason: "the emulator is starting",
              },
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
  });
  server.keepAliveTimeout = 1000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      door = createDoor({
        server: "the emulator's controls",
        host,
        port: (server.address() as AddressInfo).port,
        tokenHeader: CONTROL_TOKEN_HEADER,
        remoteToken: options.controlToken,
        ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
        ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}),
      });
      resolve(server);
    });
  });
}

export async function serve(options: ListenOptions, handler: Handler): Promise<Served> {
  const host = options.host ?? "127.0.0.1";
  // Beyond this machine the controls take a token; on loopback only when one is given.
  const controlToken = options.controlToken ?? (isLoopbackHost(host) ? undefined : newToken());
  const servers: Server[] = [];
  const urls = {} as Record<DocumentName, string>;
  try {
    for (const document of documents) {
      const name = document.name as DocumentName;
      const port = options.ports?.[name] ?? 0;
      // A taken port rejects with the listen error (code EADDRINUSE), naming the document and port.
      const server = await listenOne({ ...options, host, port, document: name, controlToken }, handler).catch(
        (error: unknown) => {
          throw Object.assign(error as Error, { document: name, port });
        },
      );
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
    ...(controlToken !== undefined ? { controlToken } : {}),
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
