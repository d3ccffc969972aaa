// Routes a method and path to an operation of any document (their paths do not overlap), by the
// path templates of the spec. The host matters only where the spec says so: an operation its servers
// leave off a host (a sandbox-only one on the production host) is not there, as on the real host.
import { operations } from "../generated/index.js";
import type { OperationSpec } from "../spec-types.js";
import { servedOn } from "./hosts.js";

interface Route {
  operation: OperationSpec;
  pattern: RegExp;
  names: string[];
  /** Literal characters: templates with more win (`/cards/all` over `/cards/{card_id}`). */
  literal: number;
}

const routes: Route[] = operations
  .map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
        names.push(name);
        return "([^/]*)";
      })
      .join("");
    return {
      operation,
      pattern: new RegExp(`^${source}$`),
      names,
      literal: operation.path.replace(/\{[^}]+\}/g, "").length,
    };
  })
  .sort((a, b) => b.literal - a.literal);

/** The routes by the number of `/`-separated segments of their template (a parameter is one segment). */
const bySegments = new Map<number, Route[]>();
for (const candidate of routes) {
  const segments = candidate.operation.path.split("/").length;
  bySegments.set(segments, [...(bySegments.get(segments) ?? []), candidate]);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `elsewhere`: the operation the method and path name on another host (whose servers it names). */
export type RouteMatch =
  | { kind: "operation"; operation: OperationSpec; path: Record<string, string> }
  | { kind: "method-not-allowed"; operation: OperationSpec; elsewhere?: OperationSpec }
  | { kind: "none"; elsewhere?: OperationSpec };

/** `hostname`: the host the request names; omitted, every operation is served. */
export function route(method: string, pathname: string, hostname?: string): RouteMatch {
  let other: OperationSpec | undefined;
  let elsewhere: OperationSpec | undefined;
  for (const candidate of bySegments.get(pathname.split("/").length) ?? []) {
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    if (candidate.operation.method !== method) {
      other ??= candidate.operation;
      continue;
    }
    if (hostname !== undefined && !servedOn(candidate.operation, hostname)) {
      elsewhere ??= candidate.operation;
      continue;
    }
    const path = Object.fromEntries(candidate.names.map((name, i) => [name, decode(match[i + 1] ?? "")]));
    return { kind: "operation", operation: candidate.operation, path };
  }
  const away = elsewhere ? { elsewhere } : {};
  return other ? { kind: "method-not-allowed", operation: other, ...away } : { kind: "none", ...away };
}
