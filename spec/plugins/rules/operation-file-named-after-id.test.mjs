import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, operation, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["operation-file-named-after-id"];
const lint = lintCases(
  {
    good: {
      "openapi.yaml": [
        ROOT,
        "  /things:\n",
        "    get: {$ref: operations/things/listThings.yaml}\n",
        "    post:\n",
        "      operationId: createThing\n",
        '      responses: {"200": {description: ok}}\n',
      ].join(""),
      "operations/things/listThings.yaml": operation("listThings"),
    },
    bad: {
      "openapi.yaml": `${ROOT}  /things:\n    get: {$ref: operations/things/listThing.yaml}\n`,
      "operations/things/listThing.yaml": `# the list\n${operation("listThings")}`,
    },
  },
  { rules },
);

describe("xads/operation-file-named-after-id", () => {
  it("accepts a file named after its operationId, and leaves inline operations alone", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports the operationId of a file named otherwise", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "operations/things/listThing.yaml:2 operationId listThings lives in listThing.yaml; name the file listThings.yaml",
    ]);
  });
});
