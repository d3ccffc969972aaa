import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, operation, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["operation-id-verb"];
const body = "requestBody:\n  content:\n    application/json:\n      schema: {type: object}\n";

const lint = lintCases(
  {
    good: {
      "openapi.yaml": [
        ROOT,
        "  /things:\n",
        "    get: {$ref: operations/listThings.yaml}\n",
        "    post: {$ref: operations/createThing.yaml}\n",
        "  /things/{id}:\n",
        "    put: {$ref: operations/updateThing.yaml}\n",
        "    delete: {$ref: operations/deleteThing.yaml}\n",
        "  /estimate:\n",
        "    post: {$ref: operations/getThingEstimate.yaml}\n",
      ].join(""),
      "operations/listThings.yaml": operation("listThings"),
      "operations/createThing.yaml": operation("createThing"),
      "operations/updateThing.yaml": operation("updateThing"),
      "operations/deleteThing.yaml": operation("deleteThing"),
      "operations/getThingEstimate.yaml": operation("getThingEstimate", body),
    },
    bad: {
      "openapi.yaml": [
        ROOT,
        "  /things:\n",
        "    get: {$ref: operations/fetchThings.yaml}\n",
        "    post: {$ref: operations/updateThing.yaml}\n",
        "  /things/{id}:\n",
        "    delete: {$ref: operations/getThing.yaml}\n",
        "  /estimate:\n",
        "    post: {$ref: operations/getThingEstimate.yaml}\n",
      ].join(""),
      "operations/fetchThings.yaml": operation("fetchThings"),
      "operations/updateThing.yaml": operation("updateThing"),
      "operations/getThing.yaml": operation("getThing"),
      "operations/getThingEstimate.yaml": operation("getThingEstimate"),
    },
  },
  { rules },
);

describe("xads/operation-id-verb", () => {
  it("accepts each verb on its method, and get on a POST with a request body", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports a verb off the vocabulary, a verb on the wrong method, and get on a POST without a body", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "operations/fetchThings.yaml:1 operationId fetchThings must be a vocabulary verb (list, get, search, authorize, authenticate, create, add, batch, invalidate, preview, initialize, append, finalize, upload, update, delete, remove) followed by a PascalCase noun",
      'operations/getThing.yaml:1 operationId getThing starts with "get", which names GET or POST (POST only with a request body); this operation is DELETE',
      'operations/getThingEstimate.yaml:1 operationId getThingEstimate starts with "get", which names GET or POST (POST only with a request body); this operation is POST',
      'operations/updateThing.yaml:1 operationId updateThing starts with "update", which names PUT; this operation is POST',
    ]);
  });
});
