import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, lintFixture, operation, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["operation-in-own-file"];
const lint = lintCases(
  {
    good: {
      "openapi.yaml": `${ROOT}  /things:\n    get: {$ref: operations/things/listThings.yaml}\n`,
      "operations/things/listThings.yaml": operation("listThings"),
    },
    bad: {
      "openapi.yaml": [
        ROOT,
        "  /things:\n", // 4
        "    get: {$ref: operations/things/listThings.yaml}\n", // 5
        "    post:\n", // 6
        "      operationId: createThing\n",
        '      responses: {"200": {description: ok}}\n',
        "    put: {$ref: elsewhere/updateThing.yaml}\n", // 9
        "  /other:\n", // 10
        "    $ref: paths/other.yaml\n", // 11
      ].join(""),
      "operations/things/listThings.yaml": operation("listThings"),
      "elsewhere/updateThing.yaml": operation("updateThing"),
      "paths/other.yaml": `get:\n  operationId: getOther\n  responses: {"200": {description: ok}}\n`,
    },
  },
  { rules },
);

describe("xads/operation-in-own-file", () => {
  it("accepts a method that refers to a file under operations/", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports an inline operation, a file outside operations/ and a path item $ref where they stand", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "openapi.yaml:6 POST /things is inline; move it to operations/<tag>/<operationId>.yaml and refer to it",
      "openapi.yaml:9 PUT /things refers to elsewhere/updateThing.yaml, which is not under operations/",
      "openapi.yaml:11 /other refers to a whole path item; refer to one file per operation from each method",
    ]);
  });

  it("leaves the registry's bundles alone: they inline every operation", () => {
    const inline = `${ROOT}  /things:\n    get:\n      operationId: listThings\n      responses: {"200": {description: ok}}\n`;
    const files = {
      "documents.json": JSON.stringify([
        { name: "x", title: "X", root: "openapi.yaml", bundle: "dist/x.yaml", mockPort: 1 },
      ]),
      "openapi.yaml": inline,
      "dist/x.yaml": inline,
    };
    const problems = lintFixture(files, { rules, targets: ["dist/x.yaml", "openapi.yaml"] });
    assert.deepEqual(reported(problems, rules[0]), [
      "openapi.yaml:5 GET /things is inline; move it to operations/<tag>/<operationId>.yaml and refer to it",
    ]);
  });
});
