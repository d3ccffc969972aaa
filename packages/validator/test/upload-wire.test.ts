// The upload host's requests as published clients send them (issue 28, part B): multipart fields are
// strings on the wire, the fields may travel in the query, the simple upload has no `command`, the
// category comes in any spelling, and a failing step is explained by its own branch alone.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { type Node, resolve } from "@xads/spec/lib/operations.mjs";
import { describe, expect, it } from "vitest";
import { validateRequest } from "../src/index.js";

const image = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "application/octet-stream" });

function multipart(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const parameters = (result: ReturnType<typeof validateRequest>) =>
  result.valid ? [] : result.errors.map((e) => e.parameter);

describe("multipart and form fields are coerced by the schema (v2 APPEND)", () => {
  it("reads segment_index=0 of a multipart body as the integer 0", () => {
    const body = multipart({ media: image(), segment_index: "0" });
    const result = validateRequest("appendMediaUpload", { path: { id: "1880028106020515840" }, body });
    expect(result.valid && result.request.body).toMatchObject({ segment_index: 0 });
  });
  it("still checks the bounds of the coerced value, naming the field", () => {
    const body = multipart({ media: image(), segment_index: "1000" });
    const result = validateRequest("appendMediaUpload", { path: { id: "1880028106020515840" }, body });
    expect(result.valid).toBe(false);
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([
      "body.segment_index must be at most 999 (maximum), got 1000",
    ]);
    const text = multipart({ media: image(), segment_index: "zero" });
    expect(parameters(validateRequest("appendMediaUpload", { path: { id: "1" }, body: text }))).toEqual([
      "body.segment_index",
    ]);
  });
  it("coerces a form-urlencoded body the same way", () => {
    const body = new URLSearchParams({ media: "AAAA", segment_index: "7" });
    expect(validateRequest("appendMediaUpload", { path: { id: "1" }, body })).toMatchObject({ valid: true });
  });
});

describe("media_category in every spelling the host reads", () => {
  const init = (category: string) =>
    validateRequest("uploadMedia", {
      body: new URLSearchParams({
        command: "INIT",
        total_bytes: "10",
        media_type: "image/jpeg",
        media_category: category,
      }),
    });
  it("accepts each known spelling the spec lists (facts, reference, published clients)", () => {
    const bundle = loadSpec().document("upload").bundle();
    const spelling = resolve(bundle, { $ref: "#/components/schemas/MediaCategorySpelling" }) as Node;
    const known = spelling["x-known-values"] as string[];
    expect(known).toEqual(expect.arrayContaining(["TweetImage", "TweetGif", "TweetVideo", "DmImage", "tweet_video"]));
    for (const category of known) expect(init(category), category).toMatchObject({ valid: true });
  });
  it("refuses a value that is no category name, naming media_category", () => {
    const result = init("tweet image");
    expect(result.valid).toBe(false);
    expect(new Set(parameters(result))).toEqual(new Set(["media_category"]));
  });
});

describe("the simple upload: no command, the whole image", () => {
  it("accepts a multipart media file part, or media_data", () => {
    expect(validateRequest("uploadMedia", { body: multipart({ media: image() }) })).toMatchObject({ valid: true });
    expect(validateRequest("uploadMedia", { body: multipart({ media_data: "iVBORw0KGgo=" }) })).toMatchObject({
      valid: true,
    });
  });
  it("explains a simple upload without the image by its own fields, not by `command`", () => {
    const result = validateRequest("uploadMedia", { body: multipart({ media_category: "TweetImage" }) });
    expect(parameters(result)).toContain("media");
    expect(parameters(result)).not.toContain("command");
  });
});

describe("the fields may travel in the query (x-xads-fields-in-query)", () => {
  it("accepts INIT with every parameter in the query and no body (the reference's example)", () => {
    const query = "command=INIT&total_bytes=4430752&media_type=video%2Fmp4&media_category=amplify_video";
    // The body answered is the one set of fields, typed by the body's schema.
    expect(validateRequest("uploadMedia", { query })).toMatchObject({
      valid: true,
      request: { body: { command: "INIT", total_bytes: 4430752, media_category: "amplify_video" } },
    });
  });
  it("reads query and body as one set: the simple upload's category in the query, its image in the body", () => {
    const body = multipart({ media: image() });
    expect(validateRequest("uploadMedia", { query: "media_category=TWEET_IMAGE", body })).toMatchObject({
      valid: true,
    });
    const finalize = validateRequest("uploadMedia", { query: "command=FINALIZE", body: "media_id=710511363345354753" });
    expect(finalize).toMatchObject({ valid: true });
  });
  it("checks query fields by the body's schema", () => {
    const result = validateRequest("uploadMedia", { query: "command=INIT&total_bytes=big&media_type=image%2Fpng" });
    expect(parameters(result)).toEqual(["total_bytes"]);
  });
  it("refuses a field sent in both places with different values, naming it; the same value is fine", () => {
    const query = "command=INIT&total_bytes=10&media_type=image%2Fpng";
    const conflict = validateRequest("uploadMedia", { query, body: "total_bytes=11" });
    expect(conflict.valid ? [] : conflict.errors).toEqual([
      {
        code: "INVALID_PARAMETER",
        parameter: "total_bytes",
        message: "total_bytes is sent in the query and in the body with different values (they are one set of fields)",
      },
    ]);
    expect(validateRequest("uploadMedia", { query, body: "total_bytes=10" })).toMatchObject({ valid: true });
  });
  it("still requires a body when neither place has a field", () => {
    expect(parameters(validateRequest("uploadMedia", {}))).toEqual(["body"]);
  });
  it("leaves operations without the statement alone: a JSON body's fields do not come from the query", () => {
    const result = validateRequest("appendMediaUpload", { path: { id: "1" }, query: "segment_index=0&media=AAAA" });
    expect(parameters(result)).toEqual(["body"]);
  });
});

describe("a failing command is explained by its own branch alone", () => {
  it("APPEND with a bad segment_index: one error, no 'matches none (oneOf)'", () => {
    const result = validateRequest("uploadMedia", {
      body: multipart({ command: "APPEND", media_id: "1", segment_index: "x", media_data: "AA" }),
    });
    expect(result.valid ? [] : result.errors).toEqual([
      { code: "INVALID_PARAMETER", parameter: "segment_index", message: "segment_index must be integer (type)" },
    ]);
  });
  it("an unknown command: the allowed commands, nothing else", () => {
    const result = validateRequest("uploadMedia", { body: "command=STATUS&media_id=1" });
    expect(result.valid ? [] : result.errors).toEqual([
      {
        code: "INVALID_PARAMETER",
        parameter: "command",
        message: 'command must be one of "INIT", "APPEND", "FINALIZE" (discriminator)',
      },
    ]);
  });
});
