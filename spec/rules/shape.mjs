// Checks x-rules against a registry's JSON Schema (rules/schema.mjs), compiled once per registry with
// Ajv. Read by the lint rule xads/x-rules-shape and the validator's generator.
import { Ajv2020 } from "ajv/dist/2020.js";

/** @typedef {import("./registry.mjs").Registry} Registry */
/** @typedef {{ path: string[], message: string }} ShapeProblem */

/** @type {WeakMap<Registry, import("ajv").ValidateFunction>} */
const compiled = new WeakMap();

/** @param {Registry} registry */
function validatorOf(registry) {
  let validate = compiled.get(registry);
  if (!validate) {
    validate = new Ajv2020({ allErrors: true }).compile(registry.schema());
    compiled.set(registry, validate);
  }
  return validate;
}

/**
 * The shape problems of an x-rules array: `{ path, message }` with `path` the segments below the
 * array. The `if`/`then` wrappers' own errors are left out: the error inside `then` says what is wrong.
 * @param {Registry} registry
 * @param {unknown} rules
 * @returns {ShapeProblem[]}
 */
export function shapeProblems(registry, rules) {
  const validate = validatorOf(registry);
  if (validate(rules)) return [];
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== "if")
    .map((error) => ({
      path: error.instancePath
        .split("/")
        .slice(1)
        .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~")),
      message: `x-rules${error.instancePath} ${error.message}`,
    }));
}

/**
 * Whether one rule has the shape of its kind; otherwise, Ajv's words for each problem
 * (`/right must have required property 'right'`), `if` wrappers included.
 * @param {Registry} registry
 * @param {unknown} rule
 * @returns {string[]}
 */
export function ruleShapeErrors(registry, rule) {
  const validate = validatorOf(registry);
  return validate([rule]) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/**
 * Whether one rule has the shape of its kind.
 * @param {Registry} registry
 * @param {unknown} rule
 */
export function hasShape(registry, rule) {
  return validatorOf(registry)([rule]);
}
