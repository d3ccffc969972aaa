// The emulator as an HTTPS proxy, for clients whose hosts cannot be changed: `CONNECT <API host>:443`
// is answered here, with TLS ended by the local CA's certificate and the requests inside handed to the
// emulator, as if the tunnel reached the API. It never connects anywhere: a CONNECT to any other host
// or port, and a plain request for another host, is refused with 403. Plain `http://` requests to an
// API host are refused too (the API answers https only). The door is the emulator's: clients of this
// machine, or other machines with the control token; no web pages.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { createDoor, type DoorVerdict, parseAuthority, urlHostname } from "@xads/local-guard";
import { CONTROL_TOKEN_HEADER, type Handler, serveRequest } from "./serve-request.js";
import { API_HOST_NAMES, documentOfHost, isApiHost } from "./tls/host-names.js";

export interface ProxyOptions {
  host: string;
  port: number;
  key: string;
  cert: string;
  controlToken?: string | undefined;
  /** Origins whose pages may use the controls inside a tunnel (the controls' own option). */
  allowedOrigins?: readonly string[] | undefined;
}

export interface ProxyServer {
  url: string;
  close(): Promise<void>;
}

/** A tunnel silent this long is closed. */
const TUNNEL_IDLE_MS = 120_000;

const API_PORT = 443;

const withoutHost = ({ host: _host, ...headers }: IncomingHttpHeaders): IncomingHttpHeaders => headers;

function refusal(status: number, error: string): { status: number; body: string } {
  return {
    status,
    body: JSON.stringify({
      error: `${error}; see "Reachable without changing the client" in the README of @xads/emulator`,
    }),
  };
}

/** Why the proxy will not answer for this host, or undefined when it will. */
function refusedHost(hostname: string): string | undefined {
  if (isApiHost(hostname)) return undefined;
  return `the emulator's proxy answers only the API's hosts (${API_HOST_NAMES.join(", ")}) and never connects elsewhere: ${hostname} refused`;
}

/** Why the proxy will not open a tunnel to `authority` (host:port, the port always named), or undefined. */
function refusedTunnel(authority: string): string | undefined {
  const match = /^(.+):(\d{1,5})$/.exec(authority);
  const parsed = match?.[1] === undefined ? undefined : parseAuthority(match[1]);
  if (!match || !parsed) return `the emulator's proxy: ${JSON.stringify(authority)} is not a host and port`;
  const refused = refusedHost(parsed.hostname);
  if (refused) return refused;
  if (Number(match[2]) !== API_PORT) {
    return `the emulator's proxy answers the API's hosts on port ${API_PORT} only: ${authority} refused`;
  }
  return undefined;
}

function writeRaw(socket: Socket, answer: { status: number; body: string }) {
  const reason = answer.status === 403 ? "Forbidden" : answer.status === 401 ? "Unauthorized" : "Bad Request";
  socket.end(
    `HTTP/1.1 ${answer.status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(answer.body)}\r\nconnection: close\r\n\r\n${answer.body}`,
  );
}

function writeAnswer(out: ServerResponse, answer: { status: number; body: string }) {
  out.writeHead(answer.status, { "content-type": "application/json", connection: "close" });
  out.end(answer.body);
}

export function listenProxy(options: ProxyOptions, handler: Handler): Promise<ProxyServer> {
  const { host } = options;
  const remoteToken = options.controlToken;
  const tokenHeader = CONTROL_TOKEN_HEADER;
  // The proxy's own door. A CONNECT or absolute-form request names the host it wants, not this
  // server, so its Host is not checked: no web page can send either.
  let door: ((message: IncomingMessage, checkHost: boolean) => DoorVerdict) | undefined;
  // The controls inside a tunnel: the client's address and Origin, as on the ports.
  const controlsDoor = createDoor({
    server: "the emulator's controls",
    host,
    port: API_PORT,
    tokenHeader,
    remoteToken,
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
  });
  const tunnels = new Set<Socket>();

  const inner = createHttpsServer({ key: options.key, cert: options.cert }, (message, out) => {
    const socket = message.socket as TLSSocket;
    const servername = typeof socket.servername === "string" ? socket.servername : undefined;
    const hostname = parseAuthority(message.headers.host ?? "", API_PORT)?.hostname ?? servername ?? "";
    serveRequest(
      handler,
      {
        document: documentOfHost(hostname),
        https: true,
        ownHost: () => servername ?? API_HOST_NAMES[0] ?? "localhost",
        door: (m) => controlsDoor({ remoteAddress: m.socket.remoteAddress, headers: withoutHost(m.headers) }),
      },
      message,
      out,
    );
  });
  inner.keepAliveTimeout = 1000;
  // After the handshake (tls.Server's handshakeTimeout bounds the time before it).
  inner.timeout = TUNNEL_IDLE_MS;

  const server: Server = createHttpServer((message, out) => {
    const verdict = door?.(message, !/^[a-z][a-z0-9+.-]*:\/\//i.test(message.url ?? ""));
    if (!verdict?.allowed) {
      writeAnswer(out, refusal(verdict?.status ?? 403, verdict?.reason ?? "the emulator's proxy is starting"));
      return;
    }
    const target = message.url ?? "";
    if (!/^https?:\/\//i.test(target)) {
      writeAnswer(
        out,
        refusal(
          400,
          `this is the emulator's proxy, not a server: set HTTPS_PROXY=http://${urlHostname(host)}:${(server.address() as AddressInfo).port} and call https://${API_HOST_NAMES[0]}/...`,
        ),
      );
      return;
    }
    const url = URL.parse(target);
    const refused = url ? refusedHost(url.hostname) : `the emulator's proxy: ${JSON.stringify(target)} is not a URL`;
    writeAnswer(
      out,
      refusal(
        403,
        refused ??
          `the API answers https only: call https://${url?.hostname}${url?.pathname} through this proxy (CONNECT), not a plain request`,
      ),
    );
  });

  server.on("connect", (message: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const verdict = door?.(message, false);
    if (!verdict?.allowed) {
      writeRaw(socket, refusal(verdict?.status ?? 403, verdict?.reason ?? "the emulator's proxy is starting"));
      return;
    }
    const refused = refusedTunnel(message.url ?? "");
    if (refused) {
      writeRaw(socket, refusal(403, refused));
      return;
    }
    tunnels.add(socket);
    socket.once("close", () => tunnels.delete(socket));
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) socket.unshift(head);
    inner.emit("connection", socket);
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      const port = (server.address() as AddressInfo).port;
      const own = createDoor({ server: "the emulator's proxy", host, port, tokenHeader, remoteToken });
      door = (message, checkHost) =>
        own({
          remoteAddress: message.socket.remoteAddress,
          headers: checkHost ? message.headers : withoutHost(message.headers),
        });
      resolve({
        url: `http://${urlHostname(host)}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of tunnels) socket.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
