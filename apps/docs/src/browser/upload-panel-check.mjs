// What the upload panel checks before it sends anything, against the upload document's limits
// (`uploadLimits` of @xads/types/facts): the chunk size, the number of APPENDs it makes, a media type and
// a file with bytes. The facts hold no size limit per media category (the document gives those in prose),
// so the panel checks none and leaves the emulator's INIT to refuse an oversized file.
import { uploadLimits } from "@xads/types/facts";

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
  if (!MEDIA_TYPE.test(mediaType)) {
    problems.push({
      field: "mediaType",
      message: `Media type: a MIME type such as video/mp4, which INIT requires; "${mediaType}" is not one.`,
    });
  }
  if (size === undefined) {
    problems.push({ field: "file", message: "File: choose a file, or upload the generated sample." });
  } else if (size === 0) {
    problems.push({ field: "file", message: "File: the chosen file is empty; an upload needs at least one byte." });
  } else if (chunkSizeOk && Math.ceil(size / chunkSize) > maxSegments) {
    problems.push({
      field: "chunkSize",
      message: `Chunk size: ${grouped(size)} bytes in chunks of ${grouped(chunkSize)} make ${grouped(Math.ceil(size / chunkSize))} APPENDs, over the document's ${grouped(maxSegments)} (uploadLimits.maxSegments); choose larger chunks.`,
    });
  }
  return problems;
}
