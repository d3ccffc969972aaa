// The generated facts against the spec: a few known values, and each table against the spec model.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { describe, expect, it } from "vitest";
import {
  adsErrorCodes,
  adsErrorCodesByStatus,
  batchLimits,
  batchPaths,
  documentNames,
  listPaths,
  mediaCategoryValues,
  pathServers,
  processingStateValues,
  servers,
  uploadLimits,
} from "../src/generated/facts.js";

const spec = loadSpec();

describe("the facts module", () => {
  it("has each document's servers by environment, and the path-level v2 upload host", () => {
    expect(documentNames).toEqual(spec.documents.map((d) => d.name));
    expect(servers.ads).toEqual({ production: "https://ads-api.x.com", sandbox: "https://ads-api-sandbox.x.com" });
    expect(servers["tailored-audiences"]).toEqual(servers.ads);
    expect(servers.auth).toEqual({ production: "https://api.x.com" });
    expect(servers.upload).toEqual({ production: "https://upload.x.com" });
    for (const path of ["/2/media/upload/initialize", "/2/media/upload/{id}/append", "/2/media/upload"] as const) {
      expect(pathServers.upload[path]).toEqual({ production: "https://api.x.com" });
    }
    for (const document of spec.documents) {
      const byEnvironment = Object.fromEntries(document.servers.map((s) => [s.environment, s.url]));
      expect(servers[document.name as keyof typeof servers], document.name).toEqual(byEnvironment);
    }
  });

  it("has the batch limits: maxItems of the body, and the max-body-bytes rule", () => {
    expect(batchLimits["/12/batch/accounts/{account_id}/campaigns"]).toEqual({
      document: "ads",
      operationId: "batchCampaigns",
      items: 40,
    });
    expect(batchLimits["/12/batch/accounts/{account_id}/line_items"].items).toBe(40);
    expect(batchLimits["/12/batch/accounts/{account_id}/custom_audiences"].items).toBe(10);
    const users = batchLimits["/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/users"];
    expect([users.items, users.bytes]).toEqual([2_500, 5_000_000]);
    expect(batchPaths).toEqual(Object.keys(batchLimits));
    for (const path of batchPaths) {
      const op = spec.operation(batchLimits[path].operationId);
      expect(op.path).toBe(path);
      expect(batchLimits[path].items).toBe(op.requestBody?.schema?.maxItems);
    }
  });

  it("has the upload limits of APPEND and INIT", () => {
    expect(uploadLimits).toEqual({
      maxChunkBytes: 5 * 1024 * 1024,
      maxSegments: 1000,
      maxAdditionalOwners: 100,
      maxBytesByMediaType: [
        { mediaType: "video/*", maxBytes: 500 * 1024 * 1024 },
        { mediaType: "image/gif", maxBytes: 15 * 1024 * 1024 },
        { mediaType: "image/*", maxBytes: 5 * 1024 * 1024 },
      ],
    });
  });

  it("has the enum values of the component schemas", () => {
    const upload = spec.document("upload").bundle();
    expect(mediaCategoryValues).toEqual(upload.components.schemas.MediaCategory.enum);
    expect(mediaCategoryValues).toContain("amplify_video");
    expect(processingStateValues).toEqual(["pending", "in_progress", "succeeded", "failed"]);
  });

  it("has the known ads error codes, and the list paths", () => {
    expect(adsErrorCodesByStatus["400"]).toContain("INVALID_PARAMETER");
    expect(adsErrorCodesByStatus["429"]).toContain("TOO_MANY_REQUESTS");
    expect(new Set(adsErrorCodes).size).toBe(adsErrorCodes.length);
    expect(listPaths.ads).toContain("/12/accounts/{account_id}/campaigns");
    expect(listPaths.ads).not.toContain("/12/accounts/{account_id}/campaigns/{campaign_id}");
    const cursor = spec
      .operations()
      .filter((op) => op.method === "get" && op.parameters.some((p) => p.name === "cursor"))
      .map((op) => op.path);
    // Every GET that takes a cursor answers the list envelope.
    expect([...listPaths.ads, ...listPaths["tailored-audiences"]]).toEqual(expect.arrayContaining(cursor));
  });
});
