// The spec model over the committed bundles, and its pickers on small made-up documents.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { exampleOf, namedExamples } from "./examples.mjs";
import { pickRequestMediaType } from "./media.mjs";
import { loadSpec } from "./model.mjs";
import { securityKind } from "./security.mjs";

const spec = loadSpec();

describe("the spec model", () => {
  it("lists the registry's documents with their roles, and serves those with operations", () => {
    assert.deepEqual(
      spec.documents.map((d) => [d.name, d.role]),
      [
        ["auth", "api"],
        ["ads", "api"],
        ["tailored-audiences", "api"],
        ["upload", "api"],
        ["activity", "events"],
      ],
    );
    assert.deepEqual(
      spec.served().map((d) => d.name),
      ["auth", "ads", "tailored-audiences", "upload"],
    );
    assert.deepEqual(spec.served("events"), []);
    assert.throws(() => spec.document("nope"), /no document named nope/);
  });

  it("reads each bundle once, and again when asked for a fresh read", () => {
    assert.equal(loadSpec(), spec);
    const fresh = loadSpec(undefined, { fresh: true });
    assert.notEqual(fresh, spec);
    assert.equal(loadSpec(), fresh);
    assert.deepEqual(
      fresh.operations().map((o) => o.id),
      spec.operations().map((o) => o.id),
    );
    assert.equal(spec.document("ads").bundle(), spec.document("ads").bundle());
    assert.equal(spec.operations(), spec.operations());
  });

  it("gives servers per environment, the operation's own before its document's", () => {
    const ads = spec.document("ads");
    assert.deepEqual(
      ads.servers.map((s) => [s.environment, s.url]),
      [
        ["production", "https://ads-api.x.com"],
        ["sandbox", "https://ads-api-sandbox.x.com"],
      ],
    );
    const sandboxOnly = spec.operations().filter((o) => o.document === "ads" && o.servers.length === 1);
    assert.ok(sandboxOnly.length > 0);
    for (const operation of sandboxOnly) assert.equal(operation.servers[0]?.environment, "sandbox");
    const v2 = spec.operation("initializeMediaUpload");
    assert.deepEqual(
      v2.servers.map((s) => s.url),
      ["https://api.x.com"],
    );
    assert.deepEqual(
      spec.operation("uploadMedia").servers.map((s) => s.url),
      ["https://upload.x.com"],
    );
  });

  it("resolves an operation's parameters, body, responses and security", () => {
    const list = spec.operation("listCampaigns");
    assert.equal(list.method, "get");
    assert.equal(list.path, "/12/accounts/{account_id}/campaigns");
    const account = list.parameters.find((p) => p.name === "account_id");
    assert.equal(account?.in, "path");
    assert.equal(account?.required, true);
    assert.equal(typeof account?.schema.pattern, "string");
    assert.equal(account?.example, "18ce54d4x5t");
    assert.equal(list.security, "oauth1");
    const ok = list.responses.find((r) => r.status === "200");
    assert.ok(ok?.media["application/json"]?.schema);
    assert.ok(Object.keys(ok?.headers ?? {}).includes("x-rate-limit-remaining"));
    const tooMany = list.responses.find((r) => r.status === "429");
    assert.equal(tooMany?.headers["x-rate-limit-remaining"]?.example, 0);

    assert.equal(spec.operation("createBearerToken").security, "basic");
    const append = spec.operation("appendMediaUpload");
    assert.equal(append.requestBody?.mediaType, "application/json");
    assert.deepEqual(Object.keys(append.requestBody?.properties ?? {}), ["media", "segment_index"]);
    assert.equal(append.requestBody?.properties.segment_index?.$ref, undefined);
    const shared = spec.document("ads").headerComponents();
    assert.ok(shared.some((h) => h.name === "x-rate-limit-remaining" && h.description.length > 0));
    const batch = spec.operation("batchCampaigns");
    assert.equal(batch.requestBody?.mediaType, "application/json");
    assert.ok(Array.isArray(batch.requestBody?.example));
    assert.ok(batch.rules.length > 0);
    assert.deepEqual(batch.batch, { items: 40, bytes: undefined });
    assert.deepEqual(spec.operation("batchCustomAudienceUsers").batch, { items: 2500, bytes: 5_000_000 });
    assert.equal(list.batch, undefined);
    const window = spec
      .operations()
      .flatMap((o) => o.parsedRules)
      .find((r) => r.kind?.name === "time-window");
    assert.equal(window?.effective.endDefaultsToNow, window?.rule.endDefaultsToNow ?? false);
    assert.throws(() => spec.operation("listCampains"), /no operation listCampains/);
  });

  it("gives every operation an id, a document and at least one server and response", () => {
    const ids = new Set();
    for (const operation of spec.operations()) {
      assert.ok(!ids.has(operation.id), `${operation.id} once`);
      ids.add(operation.id);
      assert.ok(operation.servers.length > 0, `${operation.id} has a server`);
      assert.ok(operation.responses.length > 0, `${operation.id} has responses`);
    }
    assert.equal(ids.size, 120);
  });

  it("reads another spec folder, for fixtures", () => {
    const dir = mkdtempSync(join(tmpdir(), "xads-model-"));
    writeFileSync(
      join(dir, "documents.json"),
      JSON.stringify([{ name: "x", title: "X", bundle: "x.json", mockPort: 1 }]),
    );
    writeFileSync(
      join(dir, "x.json"),
      JSON.stringify({
        openapi: "3.1.0",
        servers: [{ url: "https://x.example", description: "Production" }],
        paths: { "/a": { get: { operationId: "getA", responses: { 200: { description: "ok" } } } } },
      }),
    );
    const other = loadSpec(dir);
    assert.notEqual(other, spec);
    assert.equal(other.document("x").role, "api");
    assert.equal(other.operation("getA").security, "none");
  });
});

describe("the pickers", () => {
  it("take JSON, then a form, then multipart, then the first media type", () => {
    assert.equal(pickRequestMediaType(["multipart/form-data", "application/json"]), "application/json");
    assert.equal(
      pickRequestMediaType(["multipart/form-data", "application/x-www-form-urlencoded"]),
      "application/x-www-form-urlencoded",
    );
    assert.equal(pickRequestMediaType(["text/plain", "multipart/form-data"]), "multipart/form-data");
    assert.equal(pickRequestMediaType(["text/plain"]), "text/plain");
    assert.equal(pickRequestMediaType([]), undefined);
  });

  it("take the own example, then the first named one, then the schema's", () => {
    const bundle = { components: { examples: { shared: { value: "from-ref" } } } };
    assert.equal(exampleOf(bundle, { example: 1, examples: { a: { value: 2 } } }), 1);
    assert.equal(exampleOf(bundle, { examples: { a: { $ref: "#/components/examples/shared" } } }), "from-ref");
    assert.equal(exampleOf(bundle, { schema: { example: 3 } }), 3);
    assert.equal(exampleOf(bundle, { schema: { examples: [4, 5] } }), 4);
    assert.equal(exampleOf(bundle, {}), undefined);
    assert.deepEqual(namedExamples(bundle, { example: 6 }), {});
    assert.deepEqual(namedExamples(bundle, { examples: { a: { value: 7 } } }), { a: 7 });
  });

  it("classify security by the first requirement's scheme", () => {
    const bundle = {
      security: [{ oauth: [] }],
      components: {
        securitySchemes: {
          oauth: { type: "apiKey", in: "header", name: "Authorization" },
          basic: { type: "http", scheme: "Basic" },
          bearer: { type: "http", scheme: "bearer" },
        },
      },
    };
    assert.equal(securityKind(bundle, {}), "oauth1");
    assert.equal(securityKind(bundle, { security: [{ basic: [] }, { oauth: [] }] }), "basic");
    assert.equal(securityKind(bundle, { security: [{ bearer: [] }] }), "bearer");
    assert.equal(securityKind(bundle, { security: [] }), "none");
  });
});
