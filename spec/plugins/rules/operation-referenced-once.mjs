// Convention 1: every file under a document's operations/ folder is referenced exactly once from its
// root's `paths`. A second reference is reported where it stands; a file nobody refers to, at its
// operationId.
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { METHODS, yamlFilesUnder } from "../support.mjs";

/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */

/** @returns {RedoclyVisitors} */
export default function OperationReferencedOnce() {
  return {
    Paths: {
      enter(paths, ctx) {
        const root = ctx.location.source.absoluteRef;
        /** @type {Map<string, string>} file -> the first method referring to it */
        const referenced = new Map();
        for (const [path, item] of Object.entries(paths ?? {})) {
          for (const method of METHODS) {
            const operation = item?.[method];
            if (typeof operation?.$ref !== "string") continue;
            const file = ctx.resolve(operation).location?.source.absoluteRef;
            if (!file) continue;
            const where = `${method.toUpperCase()} ${path}`;
            const first = referenced.get(file);
            if (first) {
              ctx.report({
                message: `${relative(dirname(root), file)} is already the operation of ${first}; each operation file is referenced once`,
                location: ctx.location.child([path, method, "$ref"]),
              });
            } else {
              referenced.set(file, where);
            }
          }
        }
        const Source = ctx.location.source.constructor;
        for (const file of yamlFilesUnder(join(dirname(root), "operations"))) {
          if (referenced.has(file)) continue;
          const body = readFileSync(file, "utf8");
          ctx.report({
            message: `${relative(dirname(root), file)} is not referenced from ${relative(dirname(root), root)}; add it under paths or delete it`,
            location: { source: new Source(file, body), pointer: /^operationId:/m.test(body) ? "#/operationId" : "#/" },
          });
        }
      },
    },
  };
}
