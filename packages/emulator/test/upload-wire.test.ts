// The upload host's wire as published clients speak it (issue 28, part B), end to end on a strict
// emulator: media_category in the clients' spellings, binary multipart parts without a filename,
// the v2 multipart APPEND, the simple upload, fields in the query string, the documented 404 of an
// unknown media id, and errors that name only the failing command's own problems.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { type Node, resolve } from "@xads/spec/lib/operations.mjs";
import { getOperation } from "@xads/validator";
import { describe, expect, it } from "vitest";
import type { Emulator } from "../src/index.js";
import { canonicalCategory } from "../src/upload/category.js";
import { accountPath, call, newEmulator } from "./helpers.js";

const UPLOAD = "https://upload.x.com/1.1/media/upload.json";
const V2 = "https://api.x.com/2/media/upload";
const strict = () => newEmulator({ auth: "strict" });

/** A 3 x 2 PNG's signature and IHDR, then bytes that are not UTF-8 (a binary part must keep them). */
const PNG = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d49484452000000030000000208060000", "hex"),
  Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]),
]);

/**
 * A multipart body as twitter-api-v2 and the provider's Python SDK write it: a binary value is a part
 * with no filename (`application/octet-stream`), text values are parts with no type.
 */
function multipart(fields: Record<string, string | Uint8Array>) {
  const boundary = "----xads-test-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const type = typeof value === "string" ? "" : "Content-Type: application/octet-stream\r\n";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${type}\r\n`));
    chunks.push(typeof value === "string" ? Buffer.from(value) : Buffer.from(value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    rawBody: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  };
}

const post = (emu: Emulator, fields: Record<string, string | Uint8Array>, query = "") =>
  call(emu, "POST", `${UPLOAD}${query}`, multipart(fields));

async function init(emu: Emulator, mediaType: string, bytes: number, category?: string) {
  const answer = await post(emu, {
    command: "INIT",
    total_bytes: String(bytes),
    media_type: mediaType,
    ...(category ? { media_category: category } : {}),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.media_id_string as string;
}

describe("media_category as clients spell it (item 3)", () => {
  it("reads every spelling the spec lists as one of the snake_case categories", () => {
    const bundle = loadSpec().document("upload").bundle();
    const spelling = resolve(bundle, { $ref: "#/components/schemas/MediaCategorySpelling" }) as Node;
    const known = spelling["x-known-values"] as string[];
    const snake = new Set(known.filter((value) => /^[a-z_]+$/.test(value)));
    for (const value of known) expect(snake, value).toContain(canonicalCategory(value));
  });

  it("twitter-api-v2's v1.uploadMedia INIT (TweetVideo, multipart) is accepted and processed like tweet_video", async () => {
    const emu = await strict();
    const id = await init(emu, "video/mp4", PNG.length, "TweetVideo");
    const append = await post(emu, { command: "APPEND", media_id: id, segment_index: "0", media: PNG });
    expect(append.status, append.text).toBe(204);
    const finalize = await post(emu, { command: "FINALIZE", media_id: id });
    expect(finalize.body.processing_info.state).toBe("pending");
    emu.clock.advance(10_000);
    const key = finalize.body.media_key as string;
    const added = await call(emu, "POST", accountPath(emu, `/media_library?media_key=${key}`));
    expect(added.status, added.text).toBe(200);
    expect(added.body.data.media_category).toBe("TWEET_VIDEO");
  });

  it("an image in DmImage or TWEET_IMAGE spelling is ready at FINALIZE", async () => {
    const emu = await strict();
    for (const category of ["DmImage", "TWEET_IMAGE"]) {
      const id = await init(emu, "image/png", PNG.length, category);
      await post(emu, { command: "APPEND", media_id: id, segment_index: "0", media: PNG });
      const finalize = await post(emu, { command: "FINALIZE", media_id: id });
      expect(finalize.status, finalize.text).toBe(200);
      expect(finalize.body.processing_info).toBeUndefined();
    }
  });
});

describe("binary multipart parts keep their bytes", () => {
  it("a chunk sent without a filename (twitter-api-v2) counts its bytes, not their UTF-8 reading", async () => {
    const emu = await strict();
    const id = await init(emu, "image/png", PNG.length);
    await post(emu, { command: "APPEND", media_id: id, segment_index: "0", media: PNG });
    const finalize = await post(emu, { command: "FINALIZE", media_id: id });
    expect(finalize.status, finalize.text).toBe(200);
    expect(finalize.body.size).toBe(PNG.length);
  });
});

describe("a malformed multipart body", () => {
  it("answers 400, never 500", async () => {
    const emu = await strict();
    const bodies = ["no boundary here", "--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--", "--b\r\n\r\n"];
    for (const text of bodies) {
      const answer = await call(emu, "POST", UPLOAD, {
        headers: { "content-type": "multipart/form-data; boundary=b" },
        rawBody: new TextEncoder().encode(text).buffer as ArrayBuffer,
      });
      expect(answer.status, text).toBe(400);
    }
  });
});

describe("v2 multipart APPEND (item 4)", () => {
  it("segment_index=0 in a multipart body is the integer 0: initialize, append, finalize", async () => {
    const emu = await strict();
    const created = await call(emu, "POST", `${V2}/initialize`, {
      json: { media_type: "image/png", total_bytes: PNG.length, media_category: "tweet_image" },
    });
    const id = created.body.data.id as string;
    const append = await call(emu, "POST", `${V2}/${id}/append`, multipart({ segment_index: "0", media: PNG }));
    expect(append.status, append.text).toBe(200);
    expect(append.body.data.expires_at).toBeGreaterThan(0);
    const finalize = await call(emu, "POST", `${V2}/${id}/finalize`, { json: {} });
    expect(finalize.status, finalize.text).toBe(200);
    expect(finalize.body.data.size).toBe(PNG.length);
  });

  it("a multipart segment_index past 999 answers 400 naming it", async () => {
    const emu = await strict();
    const created = await call(emu, "POST", `${V2}/initialize`, { json: { media_type: "image/png", total_bytes: 5 } });
    const id = created.body.data.id as string;
    const append = await call(emu, "POST", `${V2}/${id}/append`, multipart({ segment_index: "1000", media: PNG }));
    expect(append.status).toBe(400);
    expect(append.body.detail).toMatch(/segment_index must be at most 999/);
  });
});

describe("the simple upload (item 5)", () => {
  it("one multipart media part, the category in the query (the provider's ads SDK): the image at once", async () => {
    const emu = await strict();
    const answer = await post(emu, { media: PNG }, "?media_category=TWEET_IMAGE&additional_owners=756201191646691328");
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      media_key: `3_${answer.body.media_id_string}`,
      size: PNG.length,
      expires_after_secs: 86400,
      image: { image_type: "image/png", w: 3, h: 2 },
    });
    expect(answer.body.processing_info).toBeUndefined();
    expect(getOperation("uploadMedia").validateResponse(200, answer.body, { strict: true }).valid).toBe(true);
    // Ready at once: the media library takes its key.
    const added = await call(emu, "POST", accountPath(emu, `/media_library?media_key=${answer.body.media_key}`));
    expect(added.status, added.text).toBe(200);
    expect(added.body.data.media_type).toBe("IMAGE");
  });

  it("media_data (base64) without a category: no media_key, as the reference says", async () => {
    const emu = await strict();
    const gif = Buffer.from("GIF89a\x0a\x00\x05\x00", "latin1");
    const answer = await call(emu, "POST", UPLOAD, {
      form: `media_data=${encodeURIComponent(gif.toString("base64"))}`,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.media_key).toBeUndefined();
    expect(answer.body.image).toEqual({ image_type: "image/gif", w: 10, h: 5 });
  });

  it("refuses bytes that are no image, and an image over 5 MB, naming media", async () => {
    const emu = await strict();
    const text = await post(emu, { media: Buffer.from("not an image") });
    expect(text.status).toBe(400);
    expect(text.body.errors[0].message).toMatch(/JPEG, PNG, GIF or WEBP/);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await post(emu, { media: big });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0].message).toMatch(/at most 5242880 bytes/);
  });

  it("without the image it says what is missing, not that command is wrong", async () => {
    const emu = await strict();
    const answer = await post(emu, { media_category: "TweetImage" });
    expect(answer.status).toBe(400);
    const messages = answer.body.errors.map((e: { message: string }) => e.message).join("; ");
    expect(messages).toMatch(/media is required/);
    expect(messages).not.toMatch(/command/);
  });
});

describe("upload commands with their fields in the query string (item 6)", () => {
  it("INIT, APPEND and FINALIZE as the reference's examples send them", async () => {
    const emu = await strict();
    const created = await call(emu, "POST", `${UPLOAD}?command=INIT&total_bytes=${PNG.length}&media_type=image%2Fpng`);
    expect(created.status, created.text).toBe(200);
    const id = created.body.media_id_string as string;
    const append = await post(emu, { media: PNG }, `?command=APPEND&media_id=${id}&segment_index=0`);
    expect(append.status, append.text).toBe(204);
    const finalize = await call(emu, "POST", `${UPLOAD}?command=FINALIZE&media_id=${id}`);
    expect(finalize.status, finalize.text).toBe(200);
    expect(finalize.body.size).toBe(PNG.length);
  });

  it("a field in the query and the body with different values is refused, naming it", async () => {
    const emu = await strict();
    const answer = await call(emu, "POST", `${UPLOAD}?command=INIT&total_bytes=10&media_type=image%2Fpng`, {
      form: "total_bytes=11",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        code: 44,
        message: "total_bytes is sent in the query and in the body with different values (they are one set of fields)",
      },
    ]);
  });
});

describe("an unknown media id answers what the document says (item 8b)", () => {
  const UNKNOWN = "1234567890123456789";
  it("v1.1 STATUS, APPEND and FINALIZE: 404 in the upload host's error body", async () => {
    const emu = await strict();
    const answers = [
      await call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${UNKNOWN}`),
      await post(emu, { command: "APPEND", media_id: UNKNOWN, segment_index: "0", media: PNG }),
      await post(emu, { command: "FINALIZE", media_id: UNKNOWN }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body).toEqual({ errors: [{ code: 34, message: `Media ${UNKNOWN} was not found` }] });
    }
    const validator = getOperation("getMediaUploadCommandStatus");
    expect(validator.validateResponse(404, answers[0]?.body).valid).toBe(true);
  });

  it("v1.1 STATUS of an upload with no asynchronous processing: 404, as documented", async () => {
    const emu = await strict();
    const id = await init(emu, "image/png", PNG.length);
    expect((await call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${id}`)).status).toBe(404);
    await post(emu, { command: "APPEND", media_id: id, segment_index: "0", media: PNG });
    await post(emu, { command: "FINALIZE", media_id: id });
    const status = await call(emu, "GET", `${UPLOAD}?command=STATUS&media_id=${id}`);
    expect(status.status).toBe(404);
    expect(status.body.errors[0].message).toMatch(/no asynchronous processing/);
  });

  it("v2 status and append document no 404: 400 in a problem object", async () => {
    const emu = await strict();
    const status = await call(emu, "GET", `${V2}?media_id=${UNKNOWN}&command=STATUS`);
    expect(status.status).toBe(400);
    expect(status.body.detail).toBe(`Media ${UNKNOWN} was not found`);
    const append = await call(emu, "POST", `${V2}/${UNKNOWN}/append`, multipart({ segment_index: "0", media: PNG }));
    expect(append.status).toBe(400);
  });
});

describe("upload errors name the failing command's own problems (item 8e)", () => {
  it("APPEND with a bad segment_index: one error, no 'matches none (oneOf)'", async () => {
    const emu = await strict();
    const answer = await post(emu, { command: "APPEND", media_id: "1", segment_index: "x", media_data: "AA" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ code: 44, message: "segment_index must be integer (type)" }]);
  });

  it("an unknown command: the commands there are, nothing else", async () => {
    const emu = await strict();
    const answer = await call(emu, "POST", UPLOAD, { form: "command=STATUS&media_id=1" });
    expect(answer.body.errors).toEqual([
      { code: 44, message: 'command must be one of "INIT", "APPEND", "FINALIZE" (discriminator)' },
    ]);
  });
});
