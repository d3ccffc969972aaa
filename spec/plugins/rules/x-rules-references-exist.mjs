// x-rules: every reference of a rule names a parameter of the operation (`query.`, `path.`, `header.`)
// or a place in its request body schema (`body...`). A parameter's rules are checked on every
// operation that uses the parameter. Rules without the documented shape are x-rules-shape's.
import { parseReference, schemasAt } from "../../lib/operations.mjs";
import { hasShape, operationsVisitor, referencesOf } from "../support.mjs";

export default function XRulesReferencesExist() {
  return operationsVisitor((operation, ctx) => {
    const { operationId, parameters, rules, document, where } = operation;
    for (const rule of rules) {
      if (!hasShape(rule)) continue;
      for (const { path, reference } of referencesOf(rule)) {
        const parsed = parseReference(reference);
        const found =
          parsed.in === "body"
            ? operation.body !== undefined && schemasAt(document, operation.body, parsed.steps).length > 0
            : parameters.some((p) => p.in === parsed.in && p.name === parsed.name);
        if (found) continue;
        const missing = parsed.in === "body" ? "is not in the request body schema" : "is not a parameter";
        ctx.report({
          message: `x-rules ${rule.id}: ${reference} ${missing} of ${operationId}`,
          location: where(rule).child(path),
        });
      }
    }
  });
}
