// Routes a method and path to an operation of any document (their paths do not overlap), by the
// path templates of the spec, with the one template rule of @xads/types/templates. The host matters
// only where the spec says so: an operation its servers leave off a host (a sandbox-only one on the
// production host) is not there, as on the real host.
import { templateMatcher } from "@xads/types/templates";
import { operations } from "../generated/index.js";
import type { OperationSpec } from "../spec-types.js";
import { servedOn } from "./hosts.js";

const templates = templateMatcher(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));

/** `elsewhere`: the operation the method and path name on another host (whose servers it names). */
export type RouteMatch =
  | { kind: "operation"; operation: OperationSpec; path: Record<string, string> }
  | { kind: "method-not-allowed"; operation: OperationSpec; elsewhere?: OperationSpec }
  | { kind: "none"; elsewhere?: OperationSpec };

/** `hostname`: the host the request names; omitted, every operation is served. */
export function route(method: string, pathname: string, hostname?: string): RouteMatch {
  // Most requests name an operation of their method served on their host: one lookup, no list.
  const found = templates.find(method, pathname);
  if (found && (hostname === undefined || servedOn(found.value, hostname)))
    return { kind: "operation", operation: found.value, path: found.params };
  let other: OperationSpec | undefined;
  let elsewhere: OperationSpec | undefined;
  for (const { value: operation, params } of templates.all(pathname)) {
    if (operation.method !== method) {
      other ??= operation;
      continue;
    }
    if (hostname !== undefined && !servedOn(operation, hostname)) {
      elsewhere ??= operation;
      continue;
    }
    return { kind: "operation", operation, path: params };
  }
  const away = elsewhere ? { elsewhere } : {};
  return other ? { kind: "method-not-allowed", operation: other, ...away } : { kind: "none", ...away };
}
