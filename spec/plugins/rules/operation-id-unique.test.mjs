// The ids are compared across the documents of one run (one process): each case is its own run.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintFixture, operation, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["operation-id-unique"];
const root = (/** @type {string} */ file) => `${ROOT}  /things:\n    get: {$ref: operations/${file}}\n`;

describe("xads/operation-id-unique", () => {
  it("accepts distinct ids across documents, and counts a source and its bundle (registry) as one", () => {
    const bundle = `${ROOT}  /things:\n    get:\n      operationId: listThings\n      responses: {"200": {description: ok}}\n`;
    const problems = lintFixture(
      {
        "documents.json": JSON.stringify([
          { name: "a", title: "A", root: "a/openapi.yaml", bundle: "dist/a.yaml", mockPort: 1 },
        ]),
        "a/openapi.yaml": root("listThings.yaml"),
        "a/operations/listThings.yaml": operation("listThings"),
        "dist/a.yaml": bundle,
        "b/openapi.yaml": root("listOthers.yaml"),
        "b/operations/listOthers.yaml": operation("listOthers"),
      },
      {
        rules,
        apis: { a: "a/openapi.yaml", b: "b/openapi.yaml", "a-bundle": "dist/a.yaml" },
        targets: ["a", "b", "a-bundle"],
      },
    );
    assert.deepEqual(reported(problems, rules[0]), []);
  });

  it("reports an id another document of the run already uses, at the later one", () => {
    const problems = lintFixture(
      {
        "a/openapi.yaml": root("listThings.yaml"),
        "a/operations/listThings.yaml": operation("listThings"),
        "b/openapi.yaml": root("listThings.yaml"),
        "b/operations/listThings.yaml": `# the same id\n${operation("listThings")}`,
      },
      { rules, apis: { a: "a/openapi.yaml", b: "b/openapi.yaml" }, targets: ["a", "b"] },
    );
    assert.deepEqual(reported(problems, rules[0]), [
      "b/operations/listThings.yaml:2 operationId listThings is also used in a/operations/listThings.yaml; ids are unique across documents",
    ]);
  });
});
