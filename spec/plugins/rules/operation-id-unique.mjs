// Convention 2: operationIds are unique across all documents (the validator and the client look
// operations up by id alone). Redocly lints one document at a time but every document of one run in
// one process, so the ids are kept here across the documents of the run: `node scripts/lint.mjs`
// (every source) and `redocly lint` (every api) see all of them; `redocly lint <one api>` cannot.
// Within one document, the built-in operation-operationId-unique reports. A document's source and its
// bundle (registry) are one document.
import { relative } from "node:path";

/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */

/** @type {Map<string, { document: string, file: string }>} operationId -> where it was first seen in this process. */
const seen = new Map();

/**
 * @param {{ registry: { of(path: string): { name: string } | undefined } }} options
 * @returns {RedoclyVisitors}
 */
export default function OperationIdUnique({ registry }) {
  let document = "";
  return {
    Root: {
      enter(_root, ctx) {
        const root = ctx.location.source.absoluteRef;
        document = registry.of(root)?.name ?? root;
      },
    },
    Operation: {
      enter(operation, ctx) {
        const id = operation.operationId;
        if (typeof id !== "string") return;
        const first = seen.get(id);
        if (!first) {
          seen.set(id, { document, file: ctx.location.source.absoluteRef });
        } else if (first.document !== document) {
          ctx.report({
            message: `operationId ${id} is also used in ${relative(process.cwd(), first.file)}; ids are unique across documents`,
            location: ctx.location.child(["operationId"]),
          });
        }
      },
    },
  };
}
