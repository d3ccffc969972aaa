// Serves the emulator: one port per document (every port answers every path; the port only picks the
// error body of an unknown path), on free ports unless told, over HTTP or (tls) HTTPS with a
// certificate from a local CA for every API host name; and (proxy) an HTTPS proxy that answers for the
// API's hosts itself. Each port has @xads/local-guard's door, which the controls (`/_emulator/`) pass
// through: clients of this machine naming it by its own name, no web pages, and other machines only
// with the control token.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createDoor, isLoopbackHost, isWildcardHost, newToken, urlHostname } from "@xads/local-guard";
import { documents } from "./generated/index.js";
import { listenProxy, type ProxyServer } from "./proxy-server.js";
import { CONTROL_TOKEN_HEADER, type Handler, serveRequest } from "./serve-request.js";
import { API_HOST_NAMES, LOCAL_NAMES } from "./tls/host-names.js";
import { localTls, type TlsMaterial } from "./tls/local-ca.js";

export { CONTROL_TOKEN_HEADER, type Handler, type ServedMeta } from "./serve-request.js";

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
  /** Serve HTTPS, with a certificate from a local CA for the API's host names and this machine's. */
  tls?: boolean;
  /**
   * Also serve an HTTPS proxy (HTTPS_PROXY) that answers `CONNECT <API host>:443` itself and refuses
   * every other host; `true` for a free port, or the port.
   */
  proxy?: boolean | number;
  /** Keep the local CA in this folder and reuse it on later runs; by default a new CA per process. */
  tlsDir?: string;
}

export interface Served {
  urls: Record<DocumentName, string>;
  /** The token other machines must send the controls, when the emulator listens beyond loopback. */
  controlToken?: string;
  /** With `tls` or `proxy`: the local CA's certificate (PEM), which clients must trust. */
  ca?: string;
  /** With `tls` or `proxy`: the file holding `ca` (NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE, SSL_CERT_FILE). */
  caFile?: string;
  /** With `proxy`: its URL, for HTTPS_PROXY. */
  proxyUrl?: string;
  close(): Promise<void>;
}

interface PortOptions extends ListenOptions {
  host: string;
  port: number;
  document: string;
  tlsMaterial: TlsMaterial | undefined;
}

function listenOne(options: PortOptions, handler: Handler): Promise<Server> {
  const { host, document, tlsMaterial } = options;
  let door: ReturnType<typeof createDoor> | undefined;
  const onRequest = (message: IncomingMessage, out: ServerResponse) =>
    serveRequest(
      handler,
      {
        document,
        https: tlsMaterial !== undefined,
        ownHost: () => `${urlHostname(host)}:${(message.socket.address() as AddressInfo).port}`,
        door: (m) =>
          door?.({ remoteAddress: m.socket.remoteAddress, headers: m.headers }) ?? {
            allowed: false,
            status: 403,
            reason: "the emulator is starting",
          },
      },
      message,
      out,
    );
  const server: Server = tlsMaterial
    ? createHttpsServer({ key: tlsMaterial.key, cert: tlsMaterial.cert }, onRequest)
    : createHttpServer(onRequest);
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

/** The names the certificate covers: the API's, this machine's, the listen address and the allowed hosts. */
function certificateNames(options: ListenOptions, host: string): string[] {
  const own = isWildcardHost(host) || isLoopbackHost(host) ? [] : [host];
  const names = [...API_HOST_NAMES, ...LOCAL_NAMES, ...own, ...(options.allowedHosts ?? [])];
  return [...new Set(names.map((name) => name.replace(/^\[(.*)\]$/, "$1").toLowerCase()))];
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function serve(options: ListenOptions, handler: Handler): Promise<Served> {
  const host = options.host ?? "127.0.0.1";
  // Beyond this machine the controls take a token; on loopback only when one is given.
  const controlToken = options.controlToken ?? (isLoopbackHost(host) ? undefined : newToken());
  const wantsProxy = options.proxy !== undefined && options.proxy !== false;
  const tlsMaterial = options.tls || wantsProxy ? localTls(certificateNames(options, host), options.tlsDir) : undefined;
  const servers: Server[] = [];
  let proxy: ProxyServer | undefined;
  const urls = {} as Record<DocumentName, string>;
  const scheme = options.tls ? "https" : "http";
  try {
    for (const document of documents) {
      const name = document.name as DocumentName;
      const port = options.ports?.[name] ?? 0;
      const portOptions = {
        ...options,
        host,
        port,
        document: name,
        controlToken,
        tlsMaterial: options.tls ? tlsMaterial : undefined,
      };
      // A taken port rejects with the listen error (code EADDRINUSE), naming the document and port.
      const server = await listenOne(portOptions, handler).catch((error: unknown) => {
        throw Object.assign(error as Error, { document: name, port });
      });
      servers.push(server);
      urls[name] = `${scheme}://${urlHostname(host)}:${(server.address() as AddressInfo).port}`;
    }
    if (wantsProxy && tlsMaterial) {
      const port = typeof options.proxy === "number" ? options.proxy : 0;
      proxy = await listenProxy(
        {
          host,
          port,
          key: tlsMaterial.key,
          cert: tlsMaterial.cert,
          controlToken,
          allowedOrigins: options.allowedOrigins,
        },
        handler,
      ).catch((error: unknown) => {
        throw Object.assign(error as Error, { document: "proxy", port });
      });
    }
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  return {
    urls,
    ...(controlToken !== undefined ? { controlToken } : {}),
    ...(tlsMaterial ? { ca: tlsMaterial.ca, caFile: tlsMaterial.caFile } : {}),
    ...(proxy ? { proxyUrl: proxy.url } : {}),
    close: async () => {
      await Promise.all([...servers.map(closeServer), proxy?.close()]);
    },
  };
}
