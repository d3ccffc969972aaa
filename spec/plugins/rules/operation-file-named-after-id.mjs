// Convention 1: an operation in its own file is named after its operationId
// (operations/<tag>/<operationId>.yaml). Inline operations are operation-in-own-file's concern.
import { basename } from "node:path";

/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */

/** @returns {RedoclyVisitors} */
export default function OperationFileNamedAfterId() {
  return {
    Operation: {
      enter(operation, ctx) {
        if (ctx.location.pointer !== "#/") return;
        const file = basename(ctx.location.source.absoluteRef);
        const expected = `${operation.operationId}.yaml`;
        if (typeof operation.operationId !== "string" || file === expected) return;
        ctx.report({
          message: `operationId ${operation.operationId} lives in ${file}; name the file ${expected}`,
          location: ctx.location.child(["operationId"]),
        });
      },
    },
  };
}
