// Convention 1: every method under a source's `paths` is a `$ref` to a file under the document's
// operations/ folder; no inline operation, no `$ref` to a whole path item. Bundles inline every
// operation by design, so the registry's bundles are left alone.
import { dirname, join, relative, sep } from "node:path";
import { METHODS } from "../support.mjs";

/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */

/**
 * @param {{ registry: { of(path: string): { bundle: boolean } | undefined } }} options
 * @returns {RedoclyVisitors}
 */
export default function OperationInOwnFile({ registry }) {
  return {
    Paths: {
      enter(paths, ctx) {
        const root = ctx.location.source.absoluteRef;
        if (registry.of(root)?.bundle) return;
        const folder = join(dirname(root), "operations") + sep;
        for (const [path, item] of Object.entries(paths ?? {})) {
          if (!item || typeof item !== "object") continue;
          if (typeof item.$ref === "string") {
            ctx.report({
              message: `${path} refers to a whole path item; refer to one file per operation from each method`,
              location: ctx.location.child([path, "$ref"]),
            });
            continue;
          }
          for (const method of METHODS) {
            const operation = item[method];
            if (!operation) continue;
            const where = `${method.toUpperCase()} ${path}`;
            if (typeof operation.$ref !== "string") {
              ctx.report({
                message: `${where} is inline; move it to operations/<tag>/<operationId>.yaml and refer to it`,
                location: ctx.location.child([path, method]).key(),
              });
              continue;
            }
            const file = ctx.resolve(operation).location?.source.absoluteRef;
            if (file && !file.startsWith(folder)) {
              ctx.report({
                message: `${where} refers to ${relative(dirname(root), file)}, which is not under ${relative(dirname(root), folder)}/`,
                location: ctx.location.child([path, method, "$ref"]),
              });
            }
          }
        }
      },
    },
  };
}
