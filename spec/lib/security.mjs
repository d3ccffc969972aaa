// What kind of credentials an operation takes: its first security requirement's scheme.
import { resolve } from "./operations.mjs";

/** @typedef {"oauth1" | "bearer" | "basic" | "none"} SecurityKind */

/**
 * @param {import("./operations.mjs").Node} bundle
 * @param {import("./operations.mjs").Node} operation
 * @returns {SecurityKind}
 */
export function securityKind(bundle, operation) {
  const requirements = operation.security ?? bundle.security ?? [];
  const name = Object.keys(requirements[0] ?? {})[0];
  if (name === undefined) return "none";
  const scheme = resolve(bundle, bundle.components?.securitySchemes?.[name] ?? {});
  const http = scheme?.type === "http" ? String(scheme.scheme).toLowerCase() : undefined;
  if (http === "basic") return "basic";
  if (http === "bearer") return "bearer";
  return "oauth1";
}
