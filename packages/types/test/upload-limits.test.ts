// The one size rule: the first entry of the upload document's list that a media type matches, `type/*`
// matching every subtype, case ignored; no entry, no stated limit.
import { describe, expect, it } from "vitest";
import { uploadLimits } from "../src/generated/facts.js";
import { maxBytesOf, sizeLimitOf } from "../src/upload-limits.js";

const MB = 1_048_576;

describe("maxBytesOf", () => {
  it("gives each kind of media its limit from the upload document", () => {
    expect(maxBytesOf("video/mp4")).toBe(500 * MB);
    expect(maxBytesOf("video/quicktime")).toBe(500 * MB);
    expect(maxBytesOf("image/gif")).toBe(15 * MB);
    expect(maxBytesOf("image/png")).toBe(5 * MB);
    expect(maxBytesOf("image/jpeg")).toBe(5 * MB);
  });

  it("takes the first entry that matches: a GIF is not held to the image/* limit that follows it", () => {
    const entries = uploadLimits.maxBytesByMediaType.map((l) => l.mediaType);
    expect(entries.indexOf("image/gif")).toBeLessThan(entries.indexOf("image/*"));
    expect(sizeLimitOf("image/gif")?.mediaType).toBe("image/gif");
    expect(sizeLimitOf("image/webp")?.mediaType).toBe("image/*");
  });

  it("compares media types without regard to case", () => {
    expect(maxBytesOf("VIDEO/MP4")).toBe(500 * MB);
    expect(maxBytesOf("image/GIF")).toBe(15 * MB);
  });

  it("answers undefined for a media type no entry matches", () => {
    expect(maxBytesOf("application/pdf")).toBeUndefined();
    expect(maxBytesOf("audio/mpeg")).toBeUndefined();
    expect(maxBytesOf("video")).toBeUndefined();
    expect(maxBytesOf("videos/mp4")).toBeUndefined();
  });
});

describe("sizeLimitOf with a list of its own", () => {
  const limits = [
    { mediaType: "image/png", maxBytes: 1 },
    { mediaType: "image/*", maxBytes: 2 },
    { mediaType: "image/png", maxBytes: 3 },
  ];

  it("answers the first entry that matches, whatever follows", () => {
    expect(sizeLimitOf("image/png", limits)).toBe(limits[0]);
    expect(sizeLimitOf("image/jpeg", limits)).toBe(limits[1]);
    expect(sizeLimitOf("text/plain", limits)).toBeUndefined();
    expect(sizeLimitOf("image/png", [])).toBeUndefined();
  });
});
