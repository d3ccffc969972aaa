import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["x-rules-shape"];

const rule = (/** @type {string} */ id, extra = "") =>
  `  - id: ${id}\n    kind: exclusive\n    description: One of them.\n    error: EXCLUSIVE_PARAMETERS\n    parameters: [query.a, query.b]\n${extra}`;

/** @param {{ operationRules: string, parameterRules: string }} lines the x-rules lines of each file */
function tree({ operationRules, parameterRules }) {
  return {
    "openapi.yaml": `${ROOT}  /things:\n    get: {$ref: operations/listThings.yaml}\n`,
    "operations/listThings.yaml": [
      "operationId: listThings\n",
      "parameters:\n",
      "  - {$ref: ../parameters/a.yaml}\n",
      "  - {name: b, in: query, schema: {type: string}}\n",
      'responses: {"200": {description: ok}}\n',
      "x-rules:\n", // 6
      operationRules,
    ].join(""),
    "parameters/a.yaml": `name: a\nin: query\nschema: {type: string}\nx-rules:\n${parameterRules}`,
  };
}

const badOperationRules = [
  "  - id: low-below-high\n", // 7
  "    kind: compare\n",
  "    description: low is at most high.\n",
  "    left: query.a\n", // 10
  '    operator: "=<"\n', // 11
  "    right: query.b\n",
  rule("a-excludes-b"), // 13
].join("");
const lint = lintCases(
  {
    good: tree({ operationRules: rule("a-or-b"), parameterRules: rule("a-excludes-b") }),
    bad: tree({
      operationRules: badOperationRules,
      parameterRules: `${rule("a-excludes-b")}  - id: Not-Kebab\n    kind: forbid\n`,
    }),
    notArray: {
      "openapi.yaml": `${ROOT}  /things:\n    get: {$ref: operations/listThings.yaml}\n`,
      "operations/listThings.yaml":
        'operationId: listThings\nresponses: {"200": {description: ok}}\nx-rules: {id: a}\n',
    },
  },
  { rules },
);

describe("xads/x-rules-shape", () => {
  it("accepts rules of the documented shape with distinct ids", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports a field off the schema where it stands, a missing field at its rule, and an id used twice", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "operations/listThings.yaml:7 x-rules/0 must have required property 'error'",
      "operations/listThings.yaml:11 x-rules/0/operator must be equal to one of the allowed values",
      "parameters/a.yaml:5 x-rules id a-excludes-b is used twice on listThings (its own rules and its parameters')",
      "parameters/a.yaml:10 x-rules/1 must have required property 'description'",
      "parameters/a.yaml:10 x-rules/1 must have required property 'error'",
      'parameters/a.yaml:10 x-rules/1/id must match pattern "^[a-z][a-z0-9]*(-[a-z0-9]+)*$"',
      "parameters/a.yaml:11 x-rules/1/kind must be equal to one of the allowed values",
    ]);
  });

  it("reports x-rules that is not an array", () => {
    assert.deepEqual(reported(lint("notArray"), rules[0]), ["operations/listThings.yaml:3 x-rules must be array"]);
  });
});
