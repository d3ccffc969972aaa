// The operation catalogue over the committed bundles, and its decisions on a small made-up document.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { catalogueOperationsOf, loadCatalogue } from "./catalogue.mjs";
import { loadSpec } from "./model.mjs";

/** @typedef {import("./operations.mjs").Node} Node */

const spec = loadSpec();
const catalogue = loadCatalogue(spec);
const envelope = (/** @type {string} */ id) => catalogue.operation(id).success?.envelope;

/**
 * A catalogue of one made-up document `x`, read through the spec model as a registered one is.
 * @param {Node} bundle
 */
function catalogueOf(bundle) {
  const dir = mkdtempSync(join(tmpdir(), "xads-catalogue-"));
  writeFileSync(
    join(dir, "documents.json"),
    JSON.stringify([{ name: "x", title: "X", bundle: "x.json", mockPort: 1 }]),
  );
  writeFileSync(join(dir, "x.json"), JSON.stringify({ openapi: "3.1.0", ...bundle }));
  return loadCatalogue(loadSpec(dir));
}

const json = (/** @type {Node} */ schema) => ({ content: { "application/json": { schema } } });
const errorItems = (/** @type {Node} */ code) => ({
  type: "object",
  properties: { errors: { type: "array", items: { type: "object", properties: { code } } } },
});

describe("the operation catalogue of the spec", () => {
  it("has every operation of the model, by id, in the model's order, once per model", () => {
    assert.deepEqual(
      catalogue.operations.map((o) => o.id),
      spec.operations().map((o) => o.id),
    );
    assert.equal(catalogue.operation("listCampaigns").document, "ads");
    assert.throws(() => catalogue.operation("listCampains"), /no operation listCampains/);
    assert.equal(loadCatalogue(spec), catalogue);
    assert.equal(loadCatalogue(), loadCatalogue(loadSpec()));
    assert.deepEqual(
      catalogue.served("api").map((d) => d.name),
      ["auth", "ads", "tailored-audiences", "upload"],
    );
  });

  it("decides each success envelope once: pages, batches, records, arrays of records, bare bodies", () => {
    assert.equal(envelope("listCampaigns"), "list");
    // A sandbox account's create answers the list envelope too; only GETs are pages to follow.
    assert.equal(envelope("createAccount"), "list");
    assert.equal(envelope("batchCampaigns"), "batch");
    assert.equal(envelope("getCampaign"), "record");
    assert.equal(envelope("listAccountFeatures"), "records");
    assert.equal(envelope("createBearerToken"), "bare");
    assert.equal(envelope("createRequestToken"), "bare");
    assert.equal(envelope("getMediaUploadCommandStatus"), "bare");
    assert.equal(envelope("initializeMediaUpload"), "record");
  });

  it("keeps a batch request apart from the batch envelope: a user batch on one audience answers the audience", () => {
    for (const operation of catalogue.operations) {
      if (operation.success?.envelope === "batch") assert.ok(operation.batch, `${operation.id} is a batch request`);
    }
    const users = catalogue.operation("batchCustomAudienceUsers");
    assert.deepEqual(users.batch, { items: 2500, bytes: 5_000_000 });
    assert.equal(users.success?.envelope, "record");
    assert.equal(catalogue.operation("listCampaigns").batch, undefined);
  });

  it("gives the record an answer carries, its fields typed as the wire types them", () => {
    const record = catalogue.operation("getCampaign").success?.record;
    assert.ok(record?.required.includes("id"));
    assert.deepEqual(record?.fields.id?.wire, { type: "string", nullable: false });
    assert.equal(record?.fields.created_at?.format, "date-time");
    assert.equal(catalogue.operation("createBearerToken").success?.record, undefined);
  });

  it("reads the error style of each operation and the known codes of each document once", () => {
    assert.equal(catalogue.operation("listCampaigns").errorStyle, "ads");
    assert.equal(catalogue.operation("createBearerToken").errorStyle, "auth");
    assert.equal(catalogue.operation("initializeMediaUpload").errorStyle, "problem");
    assert.equal(catalogue.operation("uploadMedia").errorStyle, "upload-v1");
    const ads = catalogue.document("ads").knownErrorCodes;
    assert.ok(ads["400"]?.includes("INVALID_PARAMETER"));
    assert.ok(ads["404"]?.includes("NOT_FOUND"));
    assert.deepEqual(catalogue.document("tailored-audiences").knownErrorCodes, ads);
    assert.deepEqual(catalogue.document("auth").knownErrorCodes, {});
    assert.deepEqual(catalogue.document("upload").knownErrorCodes, {});
  });

  it("classifies every security requirement with the one classifier", () => {
    const init = catalogue.operation("initializeMediaUpload");
    assert.equal(init.security, "oauth1");
    assert.deepEqual(init.securityKinds, ["oauth1", "bearer"]);
    assert.deepEqual(catalogue.operation("createBearerToken").securityKinds, ["basic"]);
    assert.deepEqual(catalogue.operation("authorizeRequestToken").securityKinds, ["none"]);
  });

  it("types parameters as their wire strings become, arrays comma-separated or not", () => {
    const parameter = (/** @type {string} */ id, /** @type {string} */ name) =>
      catalogue.operation(id).parameters.find((p) => p.name === name);
    const ids = parameter("listCampaigns", "campaign_ids");
    assert.deepEqual(ids?.wire, { type: "array", nullable: false, items: "string" });
    assert.equal(ids?.commaSeparated, true);
    const count = parameter("listCampaigns", "count");
    assert.deepEqual(count?.wire, { type: "integer", nullable: false });
    assert.deepEqual([count?.default, count?.minimum, count?.maximum], [200, 1, 1000]);
    assert.equal(parameter("listCampaigns", "with_draft")?.wire.type, "boolean");
  });

  it("plans each parameter's and body's wire strings as the validator's generator planned them", () => {
    const plans = (/** @type {string} */ id) =>
      Object.fromEntries(catalogue.operation(id).parameters.map((p) => [p.name, p.plan]));
    assert.deepEqual(plans("listCampaigns").campaign_ids, { types: ["array"], items: { types: ["string"] } });
    assert.deepEqual(plans("updateCampaign").daily_budget_amount_local_micro, { types: ["integer"], empty: true });
    assert.deepEqual(plans("updateCampaign").standard_delivery, { types: ["boolean"], empty: true });
    assert.deepEqual(plans("createCampaign").standard_delivery, { types: ["boolean"] });
    assert.deepEqual(catalogue.operation("batchCampaigns").requestBody?.plan, {
      types: ["array"],
      items: { types: ["object"] },
    });
    // A form's fields are planned by name; a JSON body offered beside multipart is read as a form too.
    const upload = catalogue.operation("uploadMedia").requestBody;
    assert.equal(upload?.form, true);
    assert.equal(upload?.fieldsInQuery, true);
    assert.deepEqual(upload?.plan.types, []);
    assert.deepEqual(upload?.plan.properties?.total_bytes, { types: ["integer"] });
    const append = catalogue.operation("appendMediaUpload").requestBody;
    assert.equal(append?.mediaType, "application/json");
    assert.equal(append?.form, true);
    assert.deepEqual(append?.plan, {
      types: ["object"],
      properties: { media: { types: ["string"] }, segment_index: { types: ["integer"] } },
    });
    assert.equal(catalogue.operation("batchCampaigns").requestBody?.form, false);
  });

  it("keeps a parameter's schema as written beside the resolved one", () => {
    const budget = catalogue.operation("createCampaign").parameters.find((p) => p.name === "budget_optimization");
    assert.equal(typeof budget?.writtenSchema.$ref, "string");
    assert.equal(budget?.schema.$ref, undefined);
    assert.equal(budget?.writtenSchema.default, budget?.default);
  });

  it("reads each answer's body as JSON first, a JSON 404 accepting the API's HTML page", () => {
    const responses = catalogue.operation("listCampaigns").responses;
    assert.equal(responses[0]?.status, "200");
    const notFound = responses.find((r) => r.status === "404");
    assert.equal(notFound?.mediaType, "application/json");
    assert.equal(notFound?.text, true);
    assert.ok(notFound?.schema);
    assert.equal(responses.find((r) => r.status === "200")?.text, false);
    const token = catalogue.operation("createRequestToken").responses.find((r) => r.status === "200");
    assert.deepEqual([token?.mediaType, token?.text], ["text/plain", false]);
    for (const operation of catalogue.operations) {
      const success = operation.responses.find((r) => r.status === String(operation.success?.status));
      assert.equal(operation.success?.mediaType, success?.mediaType, operation.id);
    }
  });

  it("names each operation's resource, its servers' origin and its rate-limit windows", () => {
    assert.deepEqual(catalogue.operation("getCampaign").resource, { name: "campaign", action: "get" });
    assert.deepEqual(catalogue.document("ads").resources.campaign, {
      idParameter: "campaign_id",
      parent: "account",
      parentParameter: undefined,
      id: "EntityId",
      delete: "soft",
    });
    assert.equal(catalogue.operation("initializeMediaUpload").serversFrom, "path");
    assert.equal(catalogue.operation("createAccount").serversFrom, "operation");
    assert.equal(catalogue.operation("listCampaigns").serversFrom, "document");
    assert.deepEqual(catalogue.operation("batchCustomAudienceUsers").rateLimit, {
      windows: [{ window: "audienceUserBatch" }],
      accountLevel: false,
    });
    assert.equal(catalogue.operation("createBearerToken").rateLimit, undefined);
    assert.deepEqual(
      catalogue.rateLimits?.windows.map((w) => w.name),
      catalogue.document("ads").rateLimits?.windows.map((w) => w.name),
    );
  });

  it("gives the chunked upload's limits and each document's named string enums", () => {
    assert.deepEqual(catalogue.document("upload").uploadLimits, {
      maxChunkBytes: 5_242_880,
      maxSegments: 1000,
      maxAdditionalOwners: 100,
      maxBytesByMediaType: [
        { mediaType: "video/*", maxBytes: 524_288_000 },
        { mediaType: "image/gif", maxBytes: 15_728_640 },
        { mediaType: "image/*", maxBytes: 5_242_880 },
      ],
    });
    assert.equal(catalogue.document("ads").uploadLimits, undefined);
    const state = catalogue
      .document("upload")
      .enums.find((e) => e.schema === "ProcessingInfo" && e.property === "state");
    assert.ok(state?.values.includes("succeeded"));
  });
});

describe("the links of the spec's answers", () => {
  const linksOf = (/** @type {string} */ id) =>
    Object.fromEntries(
      (catalogue.operation(id).responses.find((r) => r.status === "200")?.links ?? []).map((link) => [
        link.operationId,
        Object.fromEntries(link.parameters.map((p) => [p.name, p.expression])),
      ]),
    );

  it("leads from a created campaign to its read, update and delete, by the id the answer carries", () => {
    const parameters = { account_id: "$request.path.account_id", campaign_id: "$response.body#/data/id" };
    assert.deepEqual(linksOf("createCampaign"), {
      getCampaign: parameters,
      updateCampaign: parameters,
      deleteCampaign: parameters,
    });
    const [get] = catalogue.operation("createCampaign").responses[0]?.links ?? [];
    assert.deepEqual(get?.parameters[1]?.from, { source: "response", part: "body", pointer: "/data/id" });
    assert.deepEqual(get?.parameters[0]?.from, { source: "request", part: "path", name: "account_id" });
  });

  it("leads from a page to the read of its first record, for the read-only funding instruments too", () => {
    assert.deepEqual(linksOf("listFundingInstruments"), {
      getFundingInstrument: {
        account_id: "$request.path.account_id",
        funding_instrument_id: "$response.body#/data/0/id",
      },
    });
    for (const id of ["listCampaigns", "listLineItems", "listCards", "listCustomAudiences"])
      assert.deepEqual(Object.keys(linksOf(id)), [id.replace(/^list(.*)s$/, "get$1")], id);
  });

  it("links every created campaign-management and audience record to its read, update and delete", () => {
    for (const resource of ["campaign", "line_item", "card", "custom_audience"]) {
      const actions = (/** @type {string} */ action) =>
        catalogue.operations.filter((o) => o.resource?.name === resource && o.resource.action === action);
      const [create] = actions("create");
      const targets = Object.keys(linksOf(String(create?.id)));
      assert.deepEqual(
        targets,
        ["get", "update", "delete"].map((a) => actions(a)[0]?.id),
        resource,
      );
    }
  });

  it("has no links on error answers", () => {
    for (const operation of catalogue.operations)
      for (const response of operation.responses)
        if (/^[45]/.test(response.status)) assert.deepEqual(response.links, [], `${operation.id} ${response.status}`);
  });
});

describe("the catalogue's decisions on a made-up document", () => {
  const bundle = {
    servers: [{ url: "https://x.example", description: "Production" }],
    security: [{ oauth: [] }],
    components: {
      securitySchemes: {
        oauth: { type: "apiKey", in: "header", name: "Authorization" },
        bearer: { type: "http", scheme: "Bearer" },
      },
      schemas: {
        Page: { type: "object", required: ["next_cursor", "data"], properties: { data: {}, next_cursor: {} } },
        Cleared: { const: "" },
      },
    },
    paths: {
      "/gone": {
        delete: { operationId: "deleteGone", security: [{}, { bearer: [] }], responses: { 204: { description: "" } } },
      },
      "/pages": {
        servers: [{ url: "https://pages.x.example", description: "Production" }],
        post: {
          operationId: "createPages",
          parameters: [
            { name: "ids", in: "query", explode: false, schema: { type: "array", items: { type: "integer" } } },
            { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
            {
              name: "limit",
              in: "query",
              schema: { anyOf: [{ type: ["integer", "null"] }, { $ref: "#/components/schemas/Cleared" }] },
            },
            { name: "mode", in: "query", schema: { enum: ["a", "b"] } },
          ],
          responses: {
            200: json({ allOf: [{ $ref: "#/components/schemas/Page" }, { properties: { data: { type: "array" } } }] }),
            400: json(errorItems({ type: "integer" })),
          },
        },
      },
      "/forms": {
        post: {
          operationId: "createForm",
          parameters: [
            { name: "Authorization", in: "header", schema: { type: "string" } },
            { name: "X-Trace", in: "header", schema: { type: "string" } },
            {
              name: "filter",
              in: "query",
              content: {
                "text/plain": { schema: { type: "string" } },
                "application/json": { schema: { type: "object" } },
              },
            },
            { name: "again", in: "query", schema: { $ref: "#/components/schemas/Cleared", default: "" } },
          ],
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": { schema: { type: "object", properties: { n: { type: "integer" } } } },
              "application/x-www-form-urlencoded": { schema: { properties: { n: { type: "number" } } } },
            },
          },
          responses: {
            201: {
              description: "",
              content: { "text/html": {}, "application/problem+json": { schema: { type: "object" } } },
            },
          },
        },
      },
      "/problems": {
        get: {
          operationId: "getProblems",
          responses: {
            200: json({ properties: { data: { type: "object", properties: { a: { type: "string" } } } } }),
            400: json({ required: ["title"], properties: { title: {}, detail: {} } }),
          },
        },
      },
    },
  };
  const made = catalogueOf(bundle);

  it("answers none without a body, and a list wherever a page is answered", () => {
    assert.equal(made.operation("deleteGone").success?.envelope, "none");
    assert.equal(made.operation("deleteGone").success?.status, 204);
    assert.equal(made.operation("createPages").success?.envelope, "list");
    assert.equal(made.operation("getProblems").success?.envelope, "record");
    assert.deepEqual(Object.keys(made.operation("getProblems").success?.record?.fields ?? {}), ["a"]);
  });

  it("reads error styles from the first documented error body", () => {
    assert.equal(made.operation("createPages").errorStyle, "auth");
    assert.equal(made.operation("getProblems").errorStyle, "problem");
    assert.equal(made.operation("deleteGone").errorStyle, "ads");
    assert.deepEqual(made.operation("createPages").errorStatuses, [400]);
  });

  it("classifies every requirement: none for the empty one, a bearer token by its scheme", () => {
    assert.equal(made.operation("deleteGone").security, "none");
    assert.deepEqual(made.operation("deleteGone").securityKinds, ["none", "bearer"]);
    assert.deepEqual(made.operation("getProblems").securityKinds, ["oauth1"]);
  });

  it("types wire strings: the typed branch of a clearable value, enums as strings, exploded or not", () => {
    const [ids, tags, limit, mode] = made.operation("createPages").parameters;
    assert.deepEqual(ids?.wire, { type: "array", nullable: false, items: "integer" });
    assert.equal(ids?.commaSeparated, true);
    assert.equal(tags?.commaSeparated, false);
    assert.deepEqual(limit?.wire, { type: "integer", nullable: true });
    assert.deepEqual(mode?.wire, { type: "string", nullable: false });
  });

  it("leaves out the headers OpenAPI ignores, and keeps what a compiler of the schemas as written needs", () => {
    const [authorization, trace, filter, again] = made.operation("createForm").parameters;
    assert.deepEqual([authorization?.ignored, trace?.ignored, filter?.ignored], [true, false, false]);
    assert.deepEqual(filter?.writtenSchema, { type: "object" });
    assert.deepEqual(filter?.plan, { types: ["object"] });
    assert.deepEqual(again?.writtenSchema, { $ref: "#/components/schemas/Cleared", default: "" });
    assert.deepEqual(again?.plan, { types: ["string"] });
  });

  it("reads a form body from the form, its fields planned, and an answer from its JSON", () => {
    const body = made.operation("createForm").requestBody;
    assert.deepEqual(
      [body?.mediaType, body?.form, body?.fieldsInQuery],
      ["application/x-www-form-urlencoded", true, false],
    );
    assert.deepEqual(body?.plan, { types: [], properties: { n: { types: ["number"] } } });
    assert.deepEqual(made.operation("createForm").responses, [
      { status: "201", mediaType: "application/problem+json", text: true, schema: { type: "object" }, links: [] },
    ]);
    assert.equal(made.operation("createForm").success?.mediaType, "application/problem+json");
    assert.deepEqual(made.operation("deleteGone").responses, [
      { status: "204", mediaType: undefined, text: false, schema: undefined, links: [] },
    ]);
  });

  it("gives the same operations for the bundle held in memory, rate limits aside", () => {
    const inMemory = catalogueOperationsOf("x", { openapi: "3.1.0", ...bundle });
    assert.deepEqual(inMemory, made.document("x").operations);
  });

  it("says where servers come from, and has no windows nor codes where the document declares none", () => {
    assert.equal(made.operation("createPages").serversFrom, "path");
    assert.equal(made.operation("getProblems").serversFrom, "document");
    assert.equal(made.rateLimits, undefined);
    assert.equal(made.operation("getProblems").rateLimit, undefined);
    assert.deepEqual(made.document("x").knownErrorCodes, {});
    assert.deepEqual(made.document("x").resources, {});
  });

  it("reads a link's target and expressions, and refuses one leading nowhere or missing a path parameter", () => {
    /** @param {Node} links */
    const linked = (links) => ({
      paths: {
        "/things": {
          post: {
            operationId: "createThing",
            responses: { 200: { description: "", links } },
          },
        },
        "/things/{id}": {
          get: {
            operationId: "getThing",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: { 200: { description: "" } },
          },
        },
      },
    });
    const read = { operationId: "getThing", parameters: { id: "$response.body#/data/id" } };
    const made = catalogueOf({
      ...linked({ Read: { $ref: "#/components/links/Read" } }),
      components: { links: { Read: read } },
    });
    assert.deepEqual(made.operation("createThing").responses[0]?.links, [
      {
        name: "Read",
        operationId: "getThing",
        description: "",
        parameters: [
          {
            name: "id",
            expression: "$response.body#/data/id",
            from: { source: "response", part: "body", pointer: "/data/id" },
          },
        ],
      },
    ]);
    assert.throws(() => catalogueOf(linked({ Read: { operationId: "getOther" } })), /leads to getOther/);
    assert.throws(
      () => catalogueOf(linked({ Read: { operationId: "getThing" } })),
      /gives no id, a path parameter of getThing/,
    );
    assert.throws(
      () => catalogueOf(linked({ Read: { ...read, parameters: { id: "x", other: "y" } } })),
      /names other, which getThing does not take/,
    );
    assert.throws(
      () => catalogueOf(linked({ Read: { operationRef: "#/paths/x" } })),
      /an operationRef is not followed/,
    );
  });

  it("refuses two different lists of known error codes in one document", () => {
    const coded = (/** @type {string[]} */ codes) =>
      json(errorItems({ type: "string", "x-known-values": { 400: codes } }));
    const broken = () =>
      catalogueOf({
        paths: {
          "/a": { get: { operationId: "getA", responses: { 200: { description: "" }, 400: coded(["A"]) } } },
          "/b": { get: { operationId: "getB", responses: { 200: { description: "" }, 400: coded(["B"]) } } },
        },
      });
    assert.throws(broken, /two lists of codes/);
  });
});
