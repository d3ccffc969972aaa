import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, operation, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["operation-referenced-once"];
const lint = lintCases(
  {
    good: {
      "openapi.yaml": [
        ROOT,
        "  /things:\n",
        "    get: {$ref: operations/things/listThings.yaml}\n",
        "    post: {$ref: operations/things/createThing.yaml}\n",
      ].join(""),
      "operations/things/listThings.yaml": operation("listThings"),
      "operations/things/createThing.yaml": operation("createThing"),
    },
    bad: {
      "openapi.yaml": [
        ROOT,
        "  /things:\n", // 4
        "    get: {$ref: operations/things/listThings.yaml}\n", // 5
        "  /things/all:\n", // 6
        "    get: {$ref: operations/things/listThings.yaml}\n", // 7
      ].join(""),
      "operations/things/listThings.yaml": operation("listThings"),
      "operations/things/getThing.yaml": `# unused\n${operation("getThing")}`,
    },
  },
  { rules },
);

describe("xads/operation-referenced-once", () => {
  it("accepts operation files referenced once each", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports a second reference where it stands, and a file nobody refers to at its operationId", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "openapi.yaml:7 operations/things/listThings.yaml is already the operation of GET /things; each operation file is referenced once",
      "operations/things/getThing.yaml:2 operations/things/getThing.yaml is not referenced from openapi.yaml; add it under paths or delete it",
    ]);
  });
});
