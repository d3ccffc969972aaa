// The upload panel's check in Node, for files too large to pick in the browser test: a file over its
// media type's limit (the upload document's `uploadLimits.maxBytesByMediaType`) is refused, naming the
// field and the rule; one at the limit is not, and a media type without a stated limit is not held to one.
import { uploadLimits } from "@xads/types/facts";
import { describe, expect, it } from "vitest";
import { uploadProblems } from "../src/browser/upload-panel-check.mjs";

/** A picked file as the panel reads it: only its size matters, so none of its bytes exist. */
const pickedFile = (size: number) => ({ size }) as Pick<File, "size">;
const limitOf = (rule: string) =>
  uploadLimits.maxBytesByMediaType.find((l) => l.mediaType === rule)?.maxBytes ?? Number.NaN;
const CHUNK = uploadLimits.maxChunkBytes;

const problemsOf = (file: Pick<File, "size">, mediaType: string) =>
  uploadProblems({ size: file.size, mediaType, chunkSize: CHUNK });

describe("the upload panel's size check", () => {
  it("refuses a video one byte over its limit, naming the field, the limit and the rule", () => {
    const limit = limitOf("video/*");
    expect(limit).toBe(524_288_000);
    expect(problemsOf(pickedFile(limit + 1), "video/mp4")).toEqual([
      {
        field: "file",
        message:
          "File: 524,288,001 bytes, over the 524,288,000 bytes the upload document allows for video/mp4 (uploadLimits.maxBytesByMediaType, video/*); choose a smaller file.",
      },
    ]);
    expect(problemsOf(pickedFile(limit), "video/mp4")).toEqual([]);
  });

  it("holds a GIF to its own limit and another image to the image limit", () => {
    const gif = limitOf("image/gif");
    const image = limitOf("image/*");
    expect(problemsOf(pickedFile(image + 1), "image/gif")).toEqual([]);
    expect(problemsOf(pickedFile(gif + 1), "image/gif").map((p) => p.message)).toEqual([
      expect.stringContaining("(uploadLimits.maxBytesByMediaType, image/gif)"),
    ]);
    expect(problemsOf(pickedFile(image + 1), "image/png")).toEqual([
      expect.objectContaining({ field: "file", message: expect.stringContaining("image/*") }),
    ]);
  });

  it("checks no size for a media type the document gives no limit, nor for a media type it refuses", () => {
    expect(problemsOf(pickedFile(limitOf("video/*") + 1), "application/pdf")).toEqual([]);
    expect(problemsOf(pickedFile(limitOf("video/*") + 1), "video").map((p) => p.field)).toEqual(["mediaType"]);
  });
});
