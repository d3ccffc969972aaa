import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lintCases, operation, ROOT, reported } from "../lint-fixture.mjs";

/** @type {[string]} */
const rules = ["x-xads-resource"];

const RESOURCES = [
  "x-xads-resources:\n",
  "  account: {idParameter: account_id, id: EntityId}\n",
  "  thing: {idParameter: thing_id, parent: account, id: EntityId, delete: hard}\n",
  "  share: {idParameter: share_id, parent: 'other:item', parentParameter: item_id, id: NumericId}\n",
].join("");
const pathParameter = (/** @type {string} */ name) =>
  `  - {name: ${name}, in: path, required: true, schema: {type: string}}\n`;
/** An operation with `x-xads-resource` and the path parameters named. */
const resourceOperation = (/** @type {string} */ id, /** @type {string} */ extension, /** @type {string[]} */ path) =>
  operation(id, `x-xads-resource: ${extension}\nparameters:\n${path.map(pathParameter).join("")}`);

const lint = lintCases(
  {
    good: {
      "openapi.yaml": [
        ROOT.replace("paths:\n", `${RESOURCES}paths:\n`),
        "  /accounts/{account_id}/things:\n",
        "    get: {$ref: operations/listThings.yaml}\n",
        "    post: {$ref: operations/createThing.yaml}\n",
        "  /accounts/{account_id}/things/{thing_id}:\n",
        "    get: {$ref: operations/getThing.yaml}\n",
        "    delete: {$ref: operations/deleteThing.yaml}\n",
        "  /other:\n",
        "    get: {$ref: operations/listOthers.yaml}\n",
        "  /accounts/{account_id}/things/{thing_id}/users:\n",
        "    post: {$ref: operations/batchThingUsers.yaml}\n",
        "  /accounts/{account_id}/things/{thing_id}/preview:\n",
        "    put: {$ref: operations/previewThing.yaml}\n",
        "  /items/{item_id}/shares:\n",
        "    get: {$ref: operations/listShares.yaml}\n",
      ].join(""),
      "operations/listThings.yaml": resourceOperation("listThings", "{resource: thing, action: list}", ["account_id"]),
      "operations/createThing.yaml": resourceOperation("createThing", "{resource: thing, action: create}", [
        "account_id",
      ]),
      "operations/getThing.yaml": resourceOperation("getThing", "{resource: thing, action: get}", [
        "account_id",
        "thing_id",
      ]),
      "operations/deleteThing.yaml": resourceOperation("deleteThing", "{resource: thing, action: delete}", [
        "account_id",
        "thing_id",
      ]),
      "operations/listOthers.yaml": operation("listOthers"),
      "operations/batchThingUsers.yaml": resourceOperation("batchThingUsers", "{resource: thing, action: members}", [
        "account_id",
        "thing_id",
      ]),
      "operations/previewThing.yaml": resourceOperation("previewThing", "{resource: thing, action: custom}", [
        "account_id",
        "thing_id",
      ]),
      "operations/listShares.yaml": resourceOperation("listShares", "{resource: share, action: list}", ["item_id"]),
    },
    bad: {
      "openapi.yaml": [
        ROOT.replace(
          "paths:\n",
          `${RESOURCES}  widget: {idParameter: widget_id, parent: nobody, id: Uuid, delete: gone}\n  gadget: [no]\n  gizmo: {idParameter: gizmo_id, parent: 'other:item', id: EntityId}\npaths:\n`,
        ),
        "  /accounts/{account_id}/things:\n",
        "    get: {$ref: operations/listThings.yaml}\n",
        "  /accounts/{account_id}/things/{thing_id}:\n",
        "    put: {$ref: operations/updateThing.yaml}\n",
        "    delete: {$ref: operations/deleteThing.yaml}\n",
        "  /stuff:\n",
        "    get: {$ref: operations/listStuff.yaml}\n",
        "    post: {$ref: operations/createStuff.yaml}\n",
        "  /accounts/{account_id}/others:\n",
        "    post: {$ref: operations/createOther.yaml}\n",
        "  /accounts/{account_id}/things/users:\n",
        "    post: {$ref: operations/batchThingUsers.yaml}\n",
      ].join(""),
      "operations/listThings.yaml": resourceOperation("listThings", "{resource: thing, action: get}", ["account_id"]),
      "operations/updateThing.yaml": resourceOperation("updateThing", "{resource: thing, action: update}", [
        "thing_id",
      ]),
      "operations/deleteThing.yaml": resourceOperation("deleteThing", "{resource: thing, action: remove}", [
        "account_id",
        "thing_id",
      ]),
      "operations/listStuff.yaml": resourceOperation("listStuff", "{resource: stuff, action: list}", []),
      "operations/createStuff.yaml": resourceOperation("createStuff", "{resource: thing, verb: create}", []),
      "operations/createOther.yaml": resourceOperation("createOther", "{resource: thing, action: list}", [
        "account_id",
      ]),
      "operations/batchThingUsers.yaml": resourceOperation("batchThingUsers", "{resource: thing, action: members}", [
        "account_id",
      ]),
    },
  },
  { rules },
);

describe("xads/x-xads-resource", () => {
  it("accepts declared resources whose actions fit their methods and carry their path parameters", () => {
    assert.deepEqual(reported(lint("good"), rules[0]), []);
  });

  it("reports bad declarations, undeclared resources, unknown actions, wrong methods and missing path parameters", () => {
    assert.deepEqual(reported(lint("bad"), rules[0]), [
      "openapi.yaml:7 x-xads-resources.widget.id must be one of EntityId, NumericId, MediaKey",
      "openapi.yaml:7 x-xads-resources.widget.parent must name a declared resource (or <document>:<resource> with parentParameter)",
      "openapi.yaml:7 x-xads-resources.widget.delete must be one of soft, hard",
      "openapi.yaml:8 x-xads-resources.gadget must be an object {idParameter, id, parent?}",
      "openapi.yaml:9 x-xads-resources.gizmo: a parent of another document needs parentParameter",
      "operations/batchThingUsers.yaml:2 x-xads-resource of batchThingUsers: a thing members needs the path parameter thing_id",
      "operations/createOther.yaml:2 x-xads-resource of createOther: action list is served on GET, not POST",
      "operations/createStuff.yaml:2 x-xads-resource of createStuff must be an object {resource, action}",
      "operations/deleteThing.yaml:2 x-xads-resource of deleteThing: action remove is not one of list, get, create, update, delete, batch, members, custom",
      "operations/listStuff.yaml:2 x-xads-resource of listStuff names stuff, which the root's x-xads-resources does not declare",
      "operations/listThings.yaml:2 x-xads-resource of listThings: a thing get needs the path parameter thing_id",
      "operations/updateThing.yaml:2 x-xads-resource of updateThing: a thing update needs the path parameter account_id",
    ]);
  });
});
