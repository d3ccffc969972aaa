// Which host serves an operation. Most operations are served on every server of their document; the
// sandbox-only ones (creating and deleting accounts, funding instruments and features) name the sandbox
// host alone in their `servers` (spec), so on the production host, current or former name, they do not
// exist. Any other host (127.0.0.1:4011, a name of your own) stands for whichever host you point at
// and serves everything.
import { documents, operations } from "../generated/index.js";
import type { OperationSpec } from "../spec-types.js";

export const hostOf = (url: string) => new URL(url).hostname;

/** Per document, the host names of its servers, current and former. */
export const documentHosts: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  documents.map((d) => [d.name, new Set([...d.servers, ...d.legacyServers].map(hostOf))] as const),
);

/** Per sandbox-only operation, the host names of its own servers. */
const ownHosts = new Map(operations.flatMap((o) => (o.servers ? [[o, new Set(o.servers.map(hostOf))] as const] : [])));

/** Whether the host a request names (`url.hostname`) serves the operation. */
export function servedOn(operation: OperationSpec, hostname: string): boolean {
  const own = ownHosts.get(operation);
  if (!own) return true;
  const host = hostname.toLowerCase();
  return own.has(host) || !documentHosts.get(operation.document)?.has(host);
}

/** The end of a 404 or 405 message when the method and path are served on another host. */
export function servedElsewhere(operation: OperationSpec | undefined, hostname: string): string {
  const where = operation?.servers?.[0];
  return where ? ` on ${hostname} (${operation.method} ${operation.path} is served by ${where} only)` : "";
}
