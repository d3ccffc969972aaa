// Where a rule's references land in its operation: the parameter a `query.`/`path.`/`header.` reference
// names, or the request body subschemas a `body...` reference reaches. Read by the lint rule
// xads/x-rules-references-exist (which reports those that land nowhere) and the validator's generator
// (which refuses them, and takes the schema defaults of those that land).
import { schemasAt } from "../lib/operations.mjs";

/** @typedef {import("../lib/operations.mjs").Node} Node */
/** @typedef {import("./registry.mjs").ParsedRule} ParsedRule */
/** @typedef {import("./registry.mjs").RuleReference} RuleReference */

/**
 * Where one reference landed: `parameter` (a parameter reference) or `schemas` (a body reference;
 * empty when it reaches nothing). `problem` says why it landed nowhere.
 * @template P
 * @typedef {RuleReference & { parameter: P | undefined, schemas: Node[], problem: string | undefined }} LandedReference
 */

/**
 * Each reference of a parsed rule with where it lands in an operation.
 * @template {{ in?: unknown, name?: unknown }} P a parameter: its `in` and `name` are compared (a linted
 *   source's may lack them, which is struct's problem)
 * @param {ParsedRule} rule
 * @param {{ parameters: readonly P[], body: Node | undefined, document: Node }} operation
 *   `body` the request body schema (read only when a reference needs it: it may be a getter);
 *   `document` the one to resolve `$ref`s in
 * @returns {LandedReference<P>[]}
 */
export function landReferences(rule, operation) {
  return rule.references.map((reference) => {
    const { parsed } = reference;
    if (parsed.in !== "body") {
      const parameter = operation.parameters.find((p) => p.in === parsed.in && p.name === parsed.name);
      return { ...reference, parameter, schemas: [], problem: parameter ? undefined : "is not a parameter" };
    }
    const body = operation.body;
    const schemas = body === undefined ? [] : schemasAt(operation.document, body, parsed.steps);
    return {
      ...reference,
      parameter: undefined,
      schemas,
      problem: schemas.length > 0 ? undefined : "is not in the request body schema",
    };
  });
}
