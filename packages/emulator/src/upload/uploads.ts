// Uploads (facts file, "Upload host"), shared by the v1.1 chunked commands and the v2 endpoints: INIT
// gives a media id and key; APPEND stores segments (index 0 to 999, at most 5 MB each); FINALIZE
// checks that the segments add up to `total_bytes`; then a video or animated GIF with a media category
// is processed asynchronously on the emulator's clock: pending, then in_progress after
// CHECK_AFTER_SECS, then succeeded (or failed, when a processing fault was injected) after twice that.
// Kept in the store under `media_upload`, so snapshots hold them.
import { maxBytesOf } from "@xads/types/upload-limits";
import { ApiFailure, type Call, invalid } from "../call.js";
import { newId } from "../store/ids.js";
import type { Data } from "../store/store.js";
import { canonicalCategory } from "./category.js";

export const COLLECTION = "media_upload";
export const CHECK_AFTER_SECS = 5;
export const MAX_SEGMENT_BYTES = 5 * 1024 * 1024;
/** How long an upload may be used (the spec's examples: 86400 s). */
export const EXPIRES_AFTER_SECS = 86400;

export interface Upload {
  id: string;
  media_key: string;
  media_type: string;
  media_category: string | null;
  total_bytes: number;
  /** Bytes per segment index. */
  segments: Record<string, number>;
  created_at: number;
  finalized_at: number | null;
  fail: boolean;
}

export interface Processing {
  state: "pending" | "in_progress" | "succeeded" | "failed";
  check_after_secs?: number;
  progress_percent: number;
  error?: { code: number; name: string; message: string };
}

/** The media key's prefix by kind, as the spec's examples show them: 13_ video, 16_ GIF, 3_ image. */
function keyPrefix(mediaType: string): string {
  if (mediaType.startsWith("video/")) return "13";
  if (mediaType === "image/gif") return "16";
  return "3";
}

/** The kind a media key's prefix names (the inverse of keyPrefix), or undefined for another prefix. */
export function kindOfKey(mediaKey: string): "VIDEO" | "GIF" | "IMAGE" | undefined {
  const prefix = mediaKey.slice(0, mediaKey.indexOf("_"));
  return prefix === "13" ? "VIDEO" : prefix === "16" ? "GIF" : prefix === "3" ? "IMAGE" : undefined;
}

/**
 * The most bytes a file of this media type may have: the upload document's limit for it (`maxBytesOf`,
 * the first entry of INIT's `x-xads-max-bytes-by-media-type` it matches); unbounded where none matches.
 */
export function maxBytes(mediaType: string): number {
  return maxBytesOf(mediaType) ?? Number.POSITIVE_INFINITY;
}

export function initUpload(call: Call, mediaType: string, totalBytes: number, category: string | null): Upload {
  if (totalBytes > maxBytes(mediaType))
    throw invalid("total_bytes", `A ${mediaType} file is at most ${maxBytes(mediaType)} bytes`);
  let id = newId("NumericId", 19, call.store.random);
  while (call.store.get(COLLECTION, id)) id = newId("NumericId", 19, call.store.random);
  const upload: Upload = {
    id,
    media_key: `${keyPrefix(mediaType)}_${id}`,
    media_type: mediaType,
    media_category: category === null ? null : canonicalCategory(category),
    total_bytes: totalBytes,
    segments: {},
    created_at: call.now,
    finalized_at: null,
    fail: false,
  };
  call.store.insert(COLLECTION, null, upload as unknown as Data);
  return upload;
}

/**
 * No such upload (or nothing to report of it): 404 where the operation documents one (the v1.1
 * commands), else 400 (the v2 endpoints document no 404).
 */
export function uploadNotFound(call: Call, id: string, message = `Media ${id} was not found`): ApiFailure {
  const documented = call.operation.errorStatuses.includes(404);
  return new ApiFailure([
    documented
      ? { status: 404, code: "NOT_FOUND", numeric: 34, message, parameter: "media_id" }
      : { status: 400, code: "INVALID_PARAMETER", message, parameter: "media_id" },
  ]);
}

export function findUpload(call: Call, id: string): Upload {
  const record = call.store.get(COLLECTION, id);
  if (!record) throw uploadNotFound(call, id);
  return record.data as unknown as Upload;
}

function save(call: Call, upload: Upload) {
  const record = call.store.get(COLLECTION, upload.id);
  if (record) call.store.update(record, upload as unknown as Data);
}

export function appendSegment(call: Call, id: string, index: number, bytes: number): Upload {
  const upload = findUpload(call, id);
  if (upload.finalized_at !== null) throw invalid("media_id", `Media ${id} is already finalized`);
  if (bytes > MAX_SEGMENT_BYTES) throw invalid("media", `A segment is at most ${MAX_SEGMENT_BYTES} bytes`);
  const next = { ...upload, segments: { ...upload.segments, [String(index)]: bytes } };
  save(call, next);
  return next;
}

const sizeOf = (upload: Upload) => Object.values(upload.segments).reduce((sum, n) => sum + n, 0);

/** Processing is asynchronous for a video or an animated GIF given a media category (ProcessingInfo). */
const asynchronous = (upload: Upload) =>
  upload.media_category !== null && (upload.media_type.startsWith("video/") || upload.media_type === "image/gif");

/** A whole file received at once (the simple upload): one segment, finalized now, nothing to process. */
export function storeWhole(call: Call, mediaType: string, bytes: number): Upload {
  // Kept without a category, which alone would make a GIF's processing asynchronous (ProcessingInfo).
  const upload = initUpload(call, mediaType, bytes, null);
  const next = { ...upload, segments: { "0": bytes }, finalized_at: call.now };
  save(call, next);
  return next;
}

export function finalizeUpload(call: Call, id: string): Upload {
  const upload = findUpload(call, id);
  if (upload.finalized_at !== null) throw invalid("media_id", `Media ${id} is already finalized`);
  const size = sizeOf(upload);
  if (size !== upload.total_bytes)
    throw invalid("total_bytes", `The segments hold ${size} bytes, not total_bytes ${upload.total_bytes}`);
  const fail = asynchronous(upload) && call.faults.takeProcessing(call.operation.id) !== undefined;
  const next = { ...upload, finalized_at: call.now, fail };
  save(call, next);
  return next;
}

/** The processing state at the call's time, or undefined for synchronous media. */
export function processingOf(upload: Upload, now: number): Processing | undefined {
  if (upload.finalized_at === null || !asynchronous(upload)) return undefined;
  const elapsed = (now - upload.finalized_at) / 1000;
  if (elapsed < CHECK_AFTER_SECS) return { state: "pending", check_after_secs: CHECK_AFTER_SECS, progress_percent: 0 };
  if (elapsed < 2 * CHECK_AFTER_SECS)
    return { state: "in_progress", check_after_secs: CHECK_AFTER_SECS, progress_percent: 50 };
  if (upload.fail)
    return {
      state: "failed",
      progress_percent: 100,
      error: { code: 1, name: "InvalidMedia", message: "Unsupported video format (injected fault)" },
    };
  return { state: "succeeded", progress_percent: 100 };
}

/** Finalized, and processed successfully by now: the media key may be used. */
export function usable(upload: Upload, now: number): boolean {
  return upload.finalized_at !== null && (processingOf(upload, now)?.state ?? "succeeded") === "succeeded";
}

export function uploadByKey(call: Call, mediaKey: string): Upload | undefined {
  for (const record of call.store.collection(COLLECTION).values()) {
    if (record.data.media_key === mediaKey) return record.data as unknown as Upload;
  }
  return undefined;
}

export const secondsLeft = (upload: Upload, now: number) =>
  Math.max(0, EXPIRES_AFTER_SECS - Math.floor((now - upload.created_at) / 1000));

export const sizeOfUpload = sizeOf;
