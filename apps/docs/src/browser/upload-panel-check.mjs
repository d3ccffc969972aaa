// What the upload panel checks before it sends anything, against the upload document's limits
// (`uploadLimits` of @xads/types/facts): the chunk size, the number of APPENDs it makes, a media type, a
// file with bytes, and no more bytes than its media type allows (`maxBytesByMediaType`, applied by
// `sizeLimitOf` of @xads/types/upload-limits, the rule the emulator's INIT applies).
import { uploadLimits } from "@xads/types/facts";
import { sizeLimitOf } from "@xads/types/upload-limits";

/** @typedef {{ field: "file" | "mediaType" | "chunkSize", message: string }} Problem */

/** @param {number} n */
export const grouped = (n) => n.toLocaleString("en-US");

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * The problems of an upload the reader asked for; none means it may be sent.
 * @param {{ size: number | undefined, mediaType: string, chunkSize: number }} choice `size` is undefined
 *   when no file was chosen
 * @returns {Problem[]}
 */
export function uploadProblems({ size, mediaType, chunkSize }) {
  /** @type {Problem[]} */
  const problems = [];
  const { maxChunkBytes, maxSegments } = uploadLimits;
  const chunkSizeOk = Number.isInteger(chunkSize) && chunkSize >= 1 && chunkSize <= maxChunkBytes;
  if (!chunkSizeOk) {
    const got = Number.isFinite(chunkSize) ? `${grouped(chunkSize)} is not` : "the field holds no number";
    problems.push({
      field: "chunkSize",
      message: `Chunk size: a whole number of bytes from 1 to ${grouped(maxChunkBytes)}, the upload document's limit per APPEND (uploadLimits.maxChunkBytes); ${got}.`,
    });
  }
  const mediaTypeOk = MEDIA_TYPE.test(mediaType);
  if (!mediaTypeOk) {
    problems.push({
      field: "mediaType",
      message: `Media type: a MIME type such as video/mp4, which INIT requires; "${mediaType}" is not one.`,
    });
  }
  const sizeLimit = mediaTypeOk ? sizeLimitOf(mediaType) : undefined;
  if (size === undefined) {
    problems.push({ field: "file", message: "File: choose a file, or upload the generated sample." });
  } else if (size === 0) {
    problems.push({ field: "file", message: "File: the chosen file is empty; an upload needs at least one byte." });
  } else if (sizeLimit && size > sizeLimit.maxBytes) {
    problems.push({
      field: "file",
      message: `File: ${grouped(size)} bytes, over the ${grouped(sizeLimit.maxBytes)} bytes the upload document allows for ${mediaType} (uploadLimits.maxBytesByMediaType, ${sizeLimit.mediaType}); choose a smaller file.`,
    });
  } else if (chunkSizeOk && Math.ceil(size / chunkSize) > maxSegments) {
    problems.push({
      field: "chunkSize",
      message: `Chunk size: ${grouped(size)} bytes in chunks of ${grouped(chunkSize)} make ${grouped(Math.ceil(size / chunkSize))} APPENDs, over the document's ${grouped(maxSegments)} (uploadLimits.maxSegments); choose larger chunks.`,
    });
  }
  return problems;
}
