// x-rules: every reference of a rule names a parameter of the operation (`query.`, `path.`, `header.`)
// or a place in its request body schema (`body...`). Which fields of a rule are references is its
// kind's (rules/kinds/). A parameter's rules are checked on every operation that uses the parameter.
// Rules without the documented shape are x-rules-shape's.
import { registry } from "../../rules/index.mjs";
import { landReferences } from "../../rules/references.mjs";
import { hasShape } from "../../rules/shape.mjs";
import { operationsVisitor } from "../support.mjs";

/** @returns {import("../support.mjs").RedoclyVisitors} */
export default function XRulesReferencesExist() {
  return operationsVisitor((operation, ctx) => {
    const { operationId, rules, where } = operation;
    for (const rule of rules) {
      if (!hasShape(registry, rule)) continue;
      for (const { path, reference, problem } of landReferences(registry.parse(rule), operation)) {
        if (!problem) continue;
        ctx.report({
          message: `x-rules ${rule.id}: ${reference} ${problem} of ${operationId}`,
          location: where(rule).child(path),
        });
      }
    }
  });
}
