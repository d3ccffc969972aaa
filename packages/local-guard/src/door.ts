// Who may talk to a local server that can change state or sign with real credentials. Three checks,
// in this order:
// - the client's address: this machine, or (only when a token is set) another machine sending it;
// - the `Host` a client of this machine names: one of this server's own names and its port, so that a
//   web page whose name was rebound to 127.0.0.1 (DNS rebinding) cannot read the answers;
// - browsers: a request carrying `Origin`, or `Sec-Fetch-Site` other than `none` (what a person typing
//   the URL sends), comes from a web page, which may send a text/plain POST cross-site without a
//   preflight; refused unless its origin is allowed. (`Sec-Fetch-Mode` alone is no page's: Node's
//   fetch sends it on every request.)
import type { IncomingHttpHeaders } from "node:http";
import { isLoopbackAddress, ownHostNames } from "./addresses.js";
import { parseAuthority } from "./host-header.js";
import { sameToken } from "./secret.js";

export interface DoorOptions {
  /** What the refusals call the server: "the signing proxy", "the emulator's controls". */
  server: string;
  /** The host the server listens on, as given to `listen`. */
  host: string;
  /** The port it listens on. */
  port: number;
  /** Host names besides the loopback names and the listen address that a request may name. */
  allowedHosts?: readonly string[];
  /** Origins (`http://localhost:3000`) whose pages may call; their answers carry CORS headers. */
  allowedOrigins?: readonly string[];
  /** Opens the server to other machines: a client elsewhere must send this token in `tokenHeader`. */
  remoteToken?: string | undefined;
  /** The request header carrying the token (lower case). */
  tokenHeader: string;
}

/** What the door needs of a request: the client's address and the headers as Node reads them. */
export interface Knock {
  remoteAddress: string | undefined;
  headers: IncomingHttpHeaders;
}

export type DoorVerdict =
  | { allowed: true; remote: boolean; corsOrigin?: string }
  | { allowed: false; status: 401 | 403; reason: string };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** An origin as a browser writes it (scheme, host and a port other than the default), or the text. */
function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

export function createDoor(options: DoorOptions): (knock: Knock) => DoorVerdict {
  const names = ownHostNames(options.host, options.allowedHosts);
  const origins = new Set((options.allowedOrigins ?? []).map(normalizeOrigin));
  const { server, port, remoteToken, tokenHeader } = options;
  const refuse = (status: 401 | 403, reason: string): DoorVerdict => ({ allowed: false, status, reason });

  return ({ remoteAddress, headers }) => {
    const remote = !isLoopbackAddress(remoteAddress);
    if (remote) {
      if (remoteToken === undefined) {
        return refuse(
          403,
          `${server} answers clients on this machine only (the client is ${remoteAddress ?? "unknown"})`,
        );
      }
      const sent = one(headers[tokenHeader]);
      if (sent === undefined || !sameToken(sent, remoteToken)) {
        return refuse(401, `${server}: a client on another machine must send the token in ${tokenHeader}`);
      }
    } else {
      // A client that holds the token may name this machine however it reaches it; others name it by
      // one of its own names, as a rebound web page cannot.
      const host = one(headers.host);
      const authority = host === undefined ? undefined : parseAuthority(host);
      if (host !== undefined && (!authority || !names.has(authority.hostname) || authority.port !== port)) {
        return refuse(403, `${server}: Host ${JSON.stringify(host)} is not this server (port ${port} on this machine)`);
      }
    }
    const origin = one(headers.origin);
    if (origin !== undefined) {
      if (origins.has(normalizeOrigin(origin))) return { allowed: true, remote, corsOrigin: normalizeOrigin(origin) };
      return refuse(403, `${server} refuses requests from web pages (Origin ${origin}) unless their origin is allowed`);
    }
    const site = one(headers["sec-fetch-site"]);
    if (site !== undefined && site !== "none") {
      return refuse(403, `${server} refuses requests web pages make (sec-fetch-site: ${site})`);
    }
    return { allowed: true, remote };
  };
}
