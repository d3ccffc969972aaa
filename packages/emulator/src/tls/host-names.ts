// The host names the API answers on, which the local CA's certificate covers and the proxy answers for:
// every document's servers and their former names (the spec's x-xads-legacy-hosts), from the
// generated tables.
import { documents } from "../generated/index.js";

/** The names a client on this machine may use for the served ports. */
export const LOCAL_NAMES: readonly string[] = ["localhost", "127.0.0.1", "::1"];

const hostOf = (server: string) => new URL(server).hostname;

/** The API's host names, current then former, each once. */
export const API_HOST_NAMES: readonly string[] = [
  ...new Set([...documents.flatMap((d) => d.servers), ...documents.flatMap((d) => d.legacyServers)].map(hostOf)),
];

const API_HOSTS = new Set(API_HOST_NAMES);

export const isApiHost = (hostname: string) => API_HOSTS.has(hostname.toLowerCase());

/** The first document served on a host name, for the errors of unknown paths. */
export function documentOfHost(hostname: string): string | undefined {
  const name = hostname.toLowerCase();
  return documents.find((d) => [...d.servers, ...d.legacyServers].some((server) => hostOf(server) === name))?.name;
}
