// Coercion plans on made-up schemas: types from type, enum, const and branches, the empty value kept,
// items and (form bodies only) fields planned.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { coercionPlanOf } from "./coercion-plans.mjs";

const bundle = {
  components: {
    schemas: {
      Cleared: { const: "" },
      Id: { type: "string", pattern: "^[0-9]+$" },
      Named: { type: "object", properties: { name: { type: "string" } } },
      Counted: { allOf: [{ $ref: "#/components/schemas/Named" }, { properties: { count: { type: "integer" } } }] },
    },
  },
};
const ref = (/** @type {string} */ name) => ({ $ref: `#/components/schemas/${name}` });

describe("coercionPlanOf", () => {
  it("reads a schema's types from type, enum and const, sorted, through $refs", () => {
    assert.deepEqual(coercionPlanOf(bundle, { type: ["integer", "null"] }), { types: ["integer", "null"] });
    assert.deepEqual(coercionPlanOf(bundle, { enum: ["a", 1, null, true] }), {
      types: ["boolean", "null", "number", "string"],
    });
    assert.deepEqual(coercionPlanOf(bundle, ref("Id")), { types: ["string"] });
    assert.deepEqual(coercionPlanOf(bundle, {}), { types: [] });
  });

  it("keeps the empty value of a clearable parameter apart from its types", () => {
    assert.deepEqual(coercionPlanOf(bundle, { anyOf: [{ type: "integer" }, ref("Cleared")] }), {
      types: ["integer"],
      empty: true,
    });
  });

  it("leaves the types open when a branch leaves them open, and reads allOf only when nothing else types it", () => {
    assert.deepEqual(coercionPlanOf(bundle, { oneOf: [{ type: "integer" }, {}] }), { types: [] });
    assert.deepEqual(coercionPlanOf(bundle, { allOf: [ref("Id")] }), { types: ["string"] });
    assert.deepEqual(coercionPlanOf(bundle, { type: "number", allOf: [ref("Id")] }), { types: ["number"] });
  });

  it("plans an array's items", () => {
    assert.deepEqual(coercionPlanOf(bundle, { type: "array", items: ref("Id") }), {
      types: ["array"],
      items: { types: ["string"] },
    });
  });

  it("plans a form body's fields, through allOf, and no fields otherwise", () => {
    assert.deepEqual(coercionPlanOf(bundle, ref("Counted"), { properties: true }), {
      types: ["object"],
      properties: { name: { types: ["string"] }, count: { types: ["integer"] } },
    });
    assert.deepEqual(coercionPlanOf(bundle, ref("Counted")), { types: ["object"] });
  });

  it("stops planning items four levels down", () => {
    /** @type {Record<string, unknown>} */
    let schema = { type: "string" };
    for (let level = 0; level < 6; level++) schema = { type: "array", items: schema };
    /** @type {{ items?: unknown } | undefined} */
    let plan = coercionPlanOf(bundle, schema);
    let levels = 0;
    while (plan?.items) {
      plan = /** @type {{ items?: unknown }} */ (plan.items);
      levels++;
    }
    assert.equal(levels, 4);
  });
});
