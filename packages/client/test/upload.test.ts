import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadClient, type UploadProgress, XAdsApiError } from "../src/index.js";
import { type FaultServer, json, startFaultServer, text } from "./support/fault-server.js";

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());

const oauth1 = { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" };
const media = new Uint8Array(2500).map((_, i) => i % 251);

describe("v1.1 chunked upload", () => {
  it("INIT with additional_owners, APPEND per chunk, FINALIZE, STATUS polling; progress reported", async () => {
    server.script(
      json(202, { media_id: 710511363, media_id_string: "710511363345354753", expires_after_secs: 86400 }),
      text(204, ""),
      text(204, ""),
      text(204, ""),
      json(201, {
        media_id_string: "710511363345354753",
        media_key: "13_710511363345354753",
        size: 2500,
        processing_info: { state: "pending", check_after_secs: 0 },
      }),
      json(200, {
        media_id_string: "710511363345354753",
        processing_info: { state: "in_progress", check_after_secs: 0, progress_percent: 40 },
      }),
      json(200, {
        media_id_string: "710511363345354753",
        processing_info: { state: "succeeded", progress_percent: 100 },
      }),
    );
    const progress: UploadProgress[] = [];
    const upload = createUploadClient({ baseUrl: server.url, oauth1 });
    const result = await upload.uploadMedia({
      media,
      mediaType: "video/mp4",
      mediaCategory: "amplify_video",
      additionalOwners: ["1", "2"],
      chunkSize: 1000,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({
      mediaId: "710511363345354753",
      mediaKey: "13_710511363345354753",
      size: 2500,
      processingInfo: { state: "succeeded" },
    });
    const [init, ...rest] = server.requests;
    expect(init?.url).toBe("/1.1/media/upload.json");
    expect(Object.fromEntries(new URLSearchParams(init?.body.toString()))).toEqual({
      command: "INIT",
      total_bytes: "2500",
      media_type: "video/mp4",
      media_category: "amplify_video",
      additional_owners: "1,2",
    });
    expect(init?.headers.authorization).toMatch(/^OAuth /);
    const appends = rest.slice(0, 3);
    appends.forEach((append, index) => {
      expect(append.headers["content-type"]).toMatch(/^multipart\/form-data/);
      const body = append.body.toString("latin1");
      expect(body).toContain('name="command"\r\n\r\nAPPEND');
      expect(body).toContain(`name="segment_index"\r\n\r\n${index}`);
    });
    expect(Object.fromEntries(new URLSearchParams(rest[3]?.body.toString()))).toEqual({
      command: "FINALIZE",
      media_id: "710511363345354753",
    });
    expect(rest[4]?.url).toBe("/1.1/media/upload.json?command=STATUS&media_id=710511363345354753");
    expect(progress.filter((p) => p.phase === "upload").map((p) => p.bytesSent)).toEqual([1000, 2000, 2500]);
    expect(progress.filter((p) => p.phase === "processing").map((p) => p.percent)).toEqual([undefined, 40, 100]);
  });

  it("throws when processing fails, with the host's reason", async () => {
    server.script(
      json(202, { media_id_string: "9" }),
      text(204, ""),
      json(201, {
        media_id_string: "9",
        processing_info: {
          state: "failed",
          error: { code: 1, name: "InvalidMedia", message: "Unsupported video format" },
        },
      }),
    );
    const upload = createUploadClient({ baseUrl: server.url, oauth1 });
    await expect(upload.uploadMedia({ media, mediaType: "video/mp4" })).rejects.toThrow(
      /media 9: processing failed: Unsupported video format/,
    );
  });

  it("an APPEND error is an XAdsApiError", async () => {
    server.script(
      json(202, { media_id_string: "9" }),
      json(400, { errors: [{ code: 324, message: "Invalid segment" }] }),
    );
    const error = (await createUploadClient({ baseUrl: server.url, oauth1 })
      .uploadMedia({ media, mediaType: "video/mp4" })
      .catch((e: unknown) => e)) as XAdsApiError;
    expect(error).toBeInstanceOf(XAdsApiError);
    expect(error.status).toBe(400);
    expect(error.errors[0]?.code).toBe(324);
  });

  it("rejects bad options naming the parameter and rule", async () => {
    const upload = createUploadClient({ baseUrl: server.url, oauth1 });
    await expect(upload.uploadMedia({ media, mediaType: "video/mp4", chunkSize: 6 * 1024 * 1024 })).rejects.toThrow(
      /chunkSize must be an integer from 1 to 5242880/,
    );
    await expect(upload.uploadMedia({ media, mediaType: "mp4" })).rejects.toThrow(/mediaType must be a MIME type/);
    await expect(
      upload.uploadMedia({ media, mediaType: "video/mp4", additionalOwners: Array.from({ length: 101 }, String) }),
    ).rejects.toThrow(/at most 100 user ids/);
    await expect(upload.uploadMedia({ media, mediaType: "video/mp4", chunkSize: 2 })).rejects.toThrow(
      /at most 1000 are allowed/,
    );
  });

  it("refuses media over its media type's size limit before INIT, and lets one at the limit through", async () => {
    const limit = 5 * 1024 * 1024;
    const upload = createUploadClient({ baseUrl: server.url, oauth1 });
    server.script();
    await expect(
      upload.uploadMedia({ media: new Uint8Array(limit + 1), mediaType: "image/png", chunkSize: limit }),
    ).rejects.toThrow(
      `uploadMedia: media of type image/png is at most ${limit} bytes, the upload document's limit for image/* (got ${limit + 1})`,
    );
    expect(server.requests).toEqual([]);

    server.script(json(202, { media_id_string: "9" }), text(204, ""), json(201, { media_id_string: "9", size: limit }));
    const atLimit = await upload.uploadMedia({
      media: new Uint8Array(limit),
      mediaType: "image/png",
      chunkSize: limit,
    });
    expect(atLimit.size).toBe(limit);
    // A GIF takes its own, larger limit, listed before image/*; a media type without a limit has none.
    server.script(
      json(202, { media_id_string: "10" }),
      text(204, ""),
      text(204, ""),
      json(201, { media_id_string: "10", size: limit + 1 }),
    );
    expect((await upload.uploadMedia({ media: new Uint8Array(limit + 1), mediaType: "image/gif" })).size).toBe(
      limit + 1,
    );
  });
});

describe("v2 upload", () => {
  it("uses the dedicated endpoints on the v2 host", async () => {
    server.script(
      json(200, { data: { id: "1880028106020515840", media_key: "3_1880028106020515840", expires_after_secs: 86400 } }),
      json(200, { data: { expires_at: 1 } }),
      json(200, { data: { id: "1880028106020515840", media_key: "3_1880028106020515840", size: 2500 } }),
    );
    const upload = createUploadClient({ baseUrl: "https://upload.invalid", v2BaseUrl: server.url, oauth1 });
    const result = await upload.uploadMedia({
      media,
      mediaType: "image/png",
      mediaCategory: "tweet_image",
      additionalOwners: ["7"],
      api: "v2",
    });
    expect(result).toMatchObject({ mediaId: "1880028106020515840", mediaKey: "3_1880028106020515840", size: 2500 });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /2/media/upload/initialize",
      "POST /2/media/upload/1880028106020515840/append",
      "POST /2/media/upload/1880028106020515840/finalize",
    ]);
    expect(JSON.parse(server.requests[0]?.body.toString() ?? "")).toEqual({
      media_type: "image/png",
      total_bytes: 2500,
      media_category: "tweet_image",
      additional_owners: ["7"],
    });
  });
});
