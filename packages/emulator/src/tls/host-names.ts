// The host names the API answers on, which the local CA's certificate covers and the proxy answers for:
// every document's servers and their former names (the spec's x-xads-legacy-hosts), from the
// generated tables.
import { documentHosts } from "../http/hosts.js";

/** The names a client on this machine may use for the served ports. */
export const LOCAL_NAMES: readonly string[] = ["localhost", "127.0.0.1", "::1"];

/** The API's host names, each once. */
export const API_HOST_NAMES: readonly string[] = [
  ...new Set([...documentHosts.values()].flatMap((hosts) => [...hosts])),
];

const API_HOSTS = new Set(API_HOST_NAMES);

export const isApiHost = (hostname: string) => API_HOSTS.has(hostname.toLowerCase());

/** The first document served on a host name, for the errors of unknown paths. */
export function documentOfHost(hostname: string): string | undefined {
  const name = hostname.toLowerCase();
  for (const [document, hosts] of documentHosts) if (hosts.has(name)) return document;
  return undefined;
}
