// Which addresses are this machine, and which host names a request to a server of this machine may
// carry: the loopback names, the address the server listens on, and the names it was told to accept.
import { hostname, networkInterfaces } from "node:os";

/** The IPv4-mapped prefix Node gives IPv4 clients of a dual-stack socket. */
const MAPPED = "::ffff:";

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped form: a client on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith(MAPPED) ? address.slice(MAPPED.length) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, "$1").toLowerCase();

/** A host to listen on that only this machine can reach (`localhost`, 127.x.y.z, ::1). */
export function isLoopbackHost(host: string): boolean {
  const name = bare(host);
  return name === "localhost" || isLoopbackAddress(name);
}

/** A listen host that means every interface. */
export function isWildcardHost(host: string): boolean {
  const name = bare(host);
  return name === "" || name === "0.0.0.0" || name === "::" || name === "::0";
}

/** A host name as `new URL("http://" + host).hostname` writes it (IPv6 in brackets, lower case). */
export function urlHostname(host: string): string {
  const name = bare(host);
  return name.includes(":") ? `[${name}]` : name;
}

/**
 * The host names (URL form) a request to a server listening on `host` may name in its `Host` header:
 * the loopback names, the listen address itself, and on every interface this machine's addresses and
 * name, plus `extra`.
 */
export function ownHostNames(host: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(["localhost", "127.0.0.1", "[::1]", ...extra.map(urlHostname)]);
  if (isWildcardHost(host)) {
    names.add(urlHostname(hostname()));
    for (const addresses of Object.values(networkInterfaces()))
      for (const { address } of addresses ?? []) names.add(urlHostname(address));
  } else {
    names.add(urlHostname(host));
  }
  return names;
}
