import assert from "node:assert/strict";
import { test } from "node:test";
import { undocumentedFields } from "./undocumented-fields.mjs";

const bundle = {
  components: {
    schemas: {
      Campaign: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
      Named: { allOf: [{ $ref: "#/components/schemas/Campaign" }, { properties: { extra: { type: "string" } } }] },
      Free: { type: "object", additionalProperties: true },
    },
  },
};

test("names the fields an answer carries that its schema does not, through $ref, allOf and items", () => {
  const schema = {
    type: "object",
    properties: { data: { type: "array", items: { $ref: "#/components/schemas/Named" } } },
  };
  const value = {
    data: [
      { id: "1", name: "a", extra: "x" },
      { id: "2", title: "b" },
    ],
    next_cursor: null,
  };
  assert.deepEqual(undocumentedFields(bundle, schema, value), ["data[1].title", "next_cursor"]);
});

test("takes any field in a free-form map", () => {
  assert.deepEqual(undocumentedFields(bundle, { $ref: "#/components/schemas/Free" }, { anything: 1 }), []);
});
