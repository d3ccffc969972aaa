// Which way component schemas travel, on a small made-up document and on the committed bundles.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { responseOnlySchemas, schemaDirections } from "./directions.mjs";
import { loadSpec } from "./model.mjs";

/** @param {string} name */
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
/** @param {object} schema */
const json = (schema) => ({ content: { "application/json": { schema } } });

const bundle = {
  openapi: "3.1.0",
  paths: {
    "/things": {
      get: {
        parameters: [{ name: "status", in: "query", schema: ref("Status") }],
        responses: { 200: json({ type: "array", items: ref("Thing") }) },
      },
      post: {
        requestBody: json(ref("ThingInput")),
        responses: { 200: json(ref("Thing")), 400: { $ref: "#/components/responses/Failed" } },
      },
    },
  },
  webhooks: { thingChanged: { post: { requestBody: json(ref("ThingEvent")) } } },
  components: {
    responses: { Failed: json(ref("Failure")) },
    schemas: {
      Status: { type: "string", enum: ["ON", "OFF"] },
      Kind: { type: "string", enum: ["A", "B"] },
      // A property named like a data keyword is still a schema.
      Thing: { type: "object", properties: { status: ref("Status"), default: ref("Kind") }, example: ref("Unused") },
      ThingInput: { type: "object", properties: { status: ref("Status") } },
      ThingEvent: { type: "object", properties: { thing: ref("Thing") } },
      Failure: { type: "object", properties: { code: { type: "string" } } },
      Unused: { type: "object" },
    },
  },
};

describe("schemaDirections", () => {
  it("follows references from parameters and bodies (requests) and from answers and webhooks (responses)", () => {
    const { request, response } = schemaDirections(bundle);
    assert.deepEqual([...request].sort(), ["Status", "ThingInput"]);
    assert.deepEqual([...response].sort(), ["Failure", "Kind", "Status", "Thing", "ThingEvent"]);
  });

  it("calls response-only what no request reaches; an example's $ref-looking value reaches nothing", () => {
    assert.deepEqual([...responseOnlySchemas(bundle)].sort(), ["Failure", "Kind", "Thing", "ThingEvent"]);
  });

  it("finds the records of the ads document response-only and their enum components shared", () => {
    const ads = responseOnlySchemas(loadSpec().document("ads").bundle());
    assert.ok(ads.has("Campaign") && ads.has("LineItem"));
    assert.ok(!ads.has("CampaignEntityStatus"));
  });
});
