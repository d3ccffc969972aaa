// Reading OpenAPI links: runtime expressions, JSON pointers and the problems a document's links can have.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { linkProblems, linksOf, parseLinkExpression, readPointer } from "./links.mjs";

describe("link runtime expressions", () => {
  it("reads request and answer parts by name, bodies by JSON pointer, and anything else as a constant", () => {
    assert.deepEqual(parseLinkExpression("$request.path.account_id"), {
      source: "request",
      part: "path",
      name: "account_id",
    });
    assert.deepEqual(parseLinkExpression("$response.header.x-id"), {
      source: "response",
      part: "header",
      name: "x-id",
    });
    assert.deepEqual(parseLinkExpression("$response.body#/data/0/id"), {
      source: "response",
      part: "body",
      pointer: "/data/0/id",
    });
    assert.deepEqual(parseLinkExpression("$request.body"), { source: "request", part: "body", pointer: "" });
    assert.deepEqual(parseLinkExpression("PAUSED"), { source: "constant", value: "PAUSED" });
    assert.deepEqual(parseLinkExpression(3), { source: "constant", value: 3 });
  });

  it("refuses the expressions that name no value a client keeps, and malformed ones", () => {
    for (const expression of ["$url", "$statusCode", "$request.path", "$response.body.data", "$request.cookie.x"])
      assert.throws(() => parseLinkExpression(expression), /link expression/, expression);
  });
});

describe("JSON pointers into an answer", () => {
  const body = { data: [{ id: "a", "x/y": 1, "t~": 2 }], next: null };

  it("reads members, array items and escaped names", () => {
    assert.equal(readPointer(body, "/data/0/id"), "a");
    assert.equal(readPointer(body, "/data/0/x~1y"), 1);
    assert.equal(readPointer(body, "/data/0/t~0"), 2);
    assert.equal(readPointer(body, "/next"), null);
    assert.equal(readPointer(body, ""), body);
  });

  it("reaches nothing past the value, at a missing index, or through an inherited member", () => {
    assert.equal(readPointer(body, "/data/1/id"), undefined);
    assert.equal(readPointer(body, "/data/first"), undefined);
    assert.equal(readPointer(body, "/next/id"), undefined);
    assert.equal(readPointer({ data: [] }, "/data/0/id"), undefined);
    assert.equal(readPointer(body, "/constructor"), undefined);
  });
});

describe("a response's links and a document's link problems", () => {
  const bundle = {
    components: { links: { Read: { operationId: "getThing", parameters: { id: "$response.body#/data/id" } } } },
  };

  it("resolves each link and keeps its name, target, description and parameters in order", () => {
    const links = linksOf(bundle, { links: { Read: { $ref: "#/components/links/Read" } } }, "createThing 200");
    assert.deepEqual(
      links.map((l) => [l.name, l.operationId, l.description, l.parameters.map((p) => p.name)]),
      [["Read", "getThing", "", ["id"]]],
    );
    assert.deepEqual(linksOf(bundle, undefined, "x"), []);
  });

  it("names the place of a link it cannot follow", () => {
    assert.throws(
      () =>
        linksOf(
          bundle,
          { links: { Body: { operationId: "getThing", requestBody: "$request.body" } } },
          "createThing 200",
        ),
      /createThing 200: link Body has a requestBody/,
    );
    assert.throws(
      () =>
        linksOf(bundle, { links: { Bad: { operationId: "getThing", parameters: { id: "$url" } } } }, "createThing 200"),
      /createThing 200: link Bad: link expression \$url/,
    );
  });

  it("finds a missing target, a parameter the target does not take and a path parameter left out", () => {
    const link = (/** @type {string} */ operationId, /** @type {string[]} */ names) => ({
      name: "L",
      operationId,
      description: "",
      parameters: names.map((name) => ({
        name,
        expression: "x",
        from: /** @type {const} */ ({ source: "constant", value: "x" }),
      })),
    });
    const target = { id: "getThing", parameters: [{ name: "id", in: "path", required: true }], responses: [] };
    const source = (/** @type {ReturnType<typeof link>[]} */ links) => ({
      id: "createThing",
      parameters: [],
      responses: [{ status: "200", links }],
    });
    assert.deepEqual(linkProblems([source([link("getThing", ["id"])]), target]), []);
    assert.deepEqual(linkProblems([source([link("getOther", ["id"])]), target]), [
      "createThing 200 link L leads to getOther, which the document does not have",
    ]);
    assert.deepEqual(linkProblems([source([link("getThing", ["other"])]), target]), [
      "createThing 200 link L names other, which getThing does not take",
      "createThing 200 link L gives no id, a path parameter of getThing",
    ]);
  });
});
