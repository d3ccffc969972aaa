// Checks every x-rules entry of the bundles: the documented shape (x-rules.schema.json), unique ids per
// operation, and references that name a parameter or body property the operation has.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { listOperations, parseReference, requestBodySchema, schemasAt } from "../lib/operations.mjs";
import { documents } from "./documents.mjs";
import { specDir } from "./redocly.mjs";

const schema = JSON.parse(readFileSync(join(specDir, "x-rules.schema.json"), "utf8"));
const validateShape = new Ajv2020({ allErrors: true }).compile(schema);

function referencesOf(rule) {
  const single = [rule.left, rule.right, rule.start, rule.end, rule.items, rule.if, rule.parameter];
  const lists = [...(rule.parameters ?? []), ...(Array.isArray(rule.then) ? rule.then : [])];
  const conditions = [rule.if?.parameter, rule.then?.parameter];
  return [...single, ...lists, ...conditions].filter((r) => typeof r === "string");
}

export function checkRules() {
  const problems = [];
  for (const { name, bundle } of documents) {
    const document = bundle();
    for (const { operationId, operation, parameters, rules } of listOperations(document)) {
      const ids = new Set();
      for (const rule of rules) {
        const where = `${name} ${operationId} ${rule.id ?? "(no id)"}`;
        if (!validateShape([rule])) {
          for (const error of validateShape.errors) problems.push(`${where}: ${error.instancePath} ${error.message}`);
          continue;
        }
        if (ids.has(rule.id)) problems.push(`${where}: the id is used twice on this operation`);
        ids.add(rule.id);
        for (const reference of referencesOf(rule)) {
          const parsed = parseReference(reference);
          if (parsed.in !== "body") {
            if (!parameters.some((p) => p.in === parsed.in && p.name === parsed.name)) {
              problems.push(`${where}: ${reference} is not a parameter of the operation`);
            }
            continue;
          }
          const body = requestBodySchema(document, operation);
          if (!body || schemasAt(document, body, parsed.steps).length === 0) {
            problems.push(`${where}: ${reference} is not in the request body schema`);
          }
        }
      }
    }
  }
  return problems;
}
