// x-rules: every entry, on an operation or a parameter, has the shape its kind's module gives
// (rules/kinds/, x-rules.schema.json), and rule ids are unique per operation (its own rules and its
// parameters').
import { registry } from "../../rules/index.mjs";
import { shapeProblems } from "../../rules/shape.mjs";
import { operationsVisitor } from "../support.mjs";

/** @typedef {import("../support.mjs").RedoclyContext} RedoclyContext */
/** @typedef {import("../support.mjs").RedoclyVisitors} RedoclyVisitors */

/**
 * @param {unknown} rules the x-rules of the visited node, as written
 * @param {RedoclyContext} ctx
 */
function reportShape(rules, ctx) {
  if (rules === undefined) return;
  for (const { path, message } of shapeProblems(registry, rules)) {
    ctx.report({ message, location: ctx.location.child(["x-rules", ...path]) });
  }
}

/** @returns {RedoclyVisitors} */
export default function XRulesShape() {
  const operations = operationsVisitor(({ operationId, rules, where }, ctx) => {
    /** @type {Set<string>} */
    const ids = new Set();
    for (const rule of rules) {
      if (typeof rule?.id !== "string") continue;
      if (ids.has(rule.id)) {
        ctx.report({
          message: `x-rules id ${rule.id} is used twice on ${operationId} (its own rules and its parameters')`,
          location: where(rule).child(["id"]),
        });
      }
      ids.add(rule.id);
    }
  });
  return {
    PathItem: operations.PathItem,
    Operation: {
      enter(operation, ctx) {
        reportShape(operation["x-rules"], ctx);
        operations.Operation.enter(operation, ctx);
      },
    },
    Parameter: {
      enter(parameter, ctx) {
        reportShape(parameter["x-rules"], ctx);
      },
    },
  };
}
