// INIT's size limit by media type, read from the upload document (maxBytesOf of
// @xads/types/upload-limits): a file over its media type's limit is refused on the v1.1 and v2 hosts,
// naming total_bytes, one at the limit is not, and a media type the document gives no limit has none.
import { uploadLimits } from "@xads/types/facts";
import { describe, expect, it } from "vitest";
import type { Emulator } from "../src/index.js";
import { call, newEmulator } from "./helpers.js";

const UPLOAD = "https://upload.x.com/1.1/media/upload.json";
const V2_INIT = "https://api.x.com/2/media/upload/initialize";

const limitOf = (mediaType: string) =>
  uploadLimits.maxBytesByMediaType.find((l) => l.mediaType === mediaType)?.maxBytes ?? Number.NaN;

const initV1 = (emu: Emulator, mediaType: string, bytes: number) =>
  call(emu, "POST", UPLOAD, {
    form: `command=INIT&total_bytes=${bytes}&media_type=${encodeURIComponent(mediaType)}`,
  });

describe("INIT's size limit by media type", () => {
  it("refuses a video, an animated GIF and an image one byte over the document's limit, naming total_bytes", async () => {
    const emu = await newEmulator();
    for (const [mediaType, rule] of [
      ["video/mp4", "video/*"],
      ["image/gif", "image/gif"],
      ["image/png", "image/*"],
    ] as const) {
      const limit = limitOf(rule);
      const over = await initV1(emu, mediaType, limit + 1);
      expect(over.status, mediaType).toBe(400);
      expect(over.body.errors[0].message).toBe(`A ${mediaType} file is at most ${limit} bytes`);
      expect((await initV1(emu, mediaType, limit)).status, mediaType).toBe(200);
    }
  });

  it("holds a GIF to its own limit, not to the image limit listed after it", async () => {
    const emu = await newEmulator();
    expect(limitOf("image/gif")).toBeGreaterThan(limitOf("image/*"));
    expect((await initV1(emu, "image/gif", limitOf("image/*") + 1)).status).toBe(200);
  });

  it("applies the same limits to the v2 initialize request", async () => {
    const emu = await newEmulator();
    const over = await call(emu, "POST", V2_INIT, {
      json: { media_type: "video/mp4", total_bytes: limitOf("video/*") + 1 },
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain(`A video/mp4 file is at most ${limitOf("video/*")} bytes`);
  });

  it("sets no limit for a media type the document gives none", async () => {
    const emu = await newEmulator();
    expect((await initV1(emu, "application/pdf", limitOf("video/*") + 1)).status).toBe(200);
  });
});
