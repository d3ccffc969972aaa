import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["x-rules-references-exist"];

/**
 * createThing's rules name query parameters (one shared, with rules of its own) and body places.
 * @returns {Record<string, string>}
 */
function tree({ high = "query.high", tag = "body.items[].tag" } = {}) {
  return {
    "openapi.yaml": [
      ROOT,
      "  /things:\n",
      "    post: {$ref: operations/createThing.yaml}\n",
      "    put: {$ref: operations/updateThing.yaml}\n",
    ].join(""),
    "operations/createThing.yaml": [
      "operationId: createThing\n", // 1
      "parameters:\n",
      "  - {$ref: ../parameters/with_total.yaml}\n",
      "  - {name: cursor, in: query, schema: {type: string}}\n",
      "  - {name: low, in: query, schema: {type: integer}}\n", // 5
      "  - {name: high, in: query, schema: {type: integer}}\n",
      "requestBody:\n",
      "  content:\n",
      "    application/json:\n",
      "      schema: {$ref: ../schemas/Thing.yaml}\n", // 10
      "x-rules:\n",
      "  - id: low-below-high\n",
      "    kind: compare\n",
      "    description: low is at most high.\n",
      "    error: INVALID_PARAMETER\n", // 15
      "    left: query.low\n",
      '    operator: "<="\n',
      `    right: ${high}\n`, // 18
      "  - id: tags-need-name\n",
      "    kind: requires\n", // 20
      "    description: Tagged items need a name.\n",
      "    error: INCLUSIVE_PARAMETERS\n",
      `    if: ${tag}\n`, // 23
      "    then: [body.name, body.default.tag]\n",
      'responses: {"200": {description: ok}}\n',
    ].join(""),
    "operations/updateThing.yaml": [
      "operationId: updateThing\n",
      "parameters:\n",
      "  - {$ref: ../parameters/with_total.yaml}\n",
      'responses: {"200": {description: ok}}\n',
    ].join(""),
    "parameters/with_total.yaml": [
      "name: with_total\n",
      "in: query\n",
      "schema: {type: boolean}\n",
      "x-rules:\n",
      "  - id: total-excludes-cursor\n", // 5
      "    kind: exclusive\n",
      "    description: Ask for the total on the first page only.\n",
      "    error: EXCLUSIVE_PARAMETERS\n",
      "    parameters: [query.with_total, query.cursor]\n", // 9
    ].join(""),
    "schemas/Thing.yaml": [
      "type: object\n",
      "properties:\n",
      "  name: {type: string}\n",
      "  default: {$ref: Item.yaml}\n",
      "  items:\n",
      "    type: array\n",
      "    items:\n",
      "      allOf:\n",
      "        - {$ref: Item.yaml}\n",
    ].join(""),
    "schemas/Item.yaml": "type: object\nproperties:\n  tag: {type: string}\n",
  };
}

const good = tree();
// Only createThing uses the shared parameter here: updateThing, without a cursor, is left out.
good["openapi.yaml"] = `${ROOT}  /things:\n    post: {$ref: operations/createThing.yaml}\n`;
delete good["operations/updateThing.yaml"];
const lint = lintCases({ good, bad: tree({ high: "query.hihg", tag: "body.items[].tga" }) }, { rules });

describe("xads/x-rules-references-exist", () => {
  it("accepts references to parameters and to body places across files, allOf and a property named default", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports a missing parameter or body place at the reference, per operation for a parameter's rules", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "operations/createThing.yaml:18 x-rules low-below-high: query.hihg is not a parameter of createThing",
      "operations/createThing.yaml:23 x-rules tags-need-name: body.items[].tga is not in the request body schema of createThing",
      "parameters/with_total.yaml:9 x-rules total-excludes-cursor: query.cursor is not a parameter of updateThing",
    ]);
  });
});
