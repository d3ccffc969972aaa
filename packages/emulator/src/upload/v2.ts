// The v2 dedicated upload endpoints on the API host (facts file, "Upload host"): initialize, append,
// finalize and status, in the `data` envelope; errors as problem objects.
import { fromBase64, utf8Length } from "../bytes.js";
import { type Answer, type Call, invalid } from "../call.js";
import {
  appendSegment,
  EXPIRES_AFTER_SECS,
  finalizeUpload,
  findUpload,
  initUpload,
  processingOf,
  secondsLeft,
  sizeOfUpload,
  type Upload,
} from "./uploads.js";

const json = (call: Call): Record<string, unknown> =>
  typeof call.body === "object" && call.body !== null ? (call.body as Record<string, unknown>) : {};

function status(upload: Upload, now: number, withProcessing: boolean) {
  const processing = processingOf(upload, now);
  return {
    id: upload.id,
    media_key: upload.media_key,
    size: sizeOfUpload(upload),
    expires_after_secs: secondsLeft(upload, now),
    ...(processing || withProcessing
      ? { processing_info: processing ?? { state: "succeeded", progress_percent: 100 } }
      : {}),
  };
}

export function initializeMediaUpload(call: Call): Answer {
  const body = json(call);
  const category = typeof body.media_category === "string" ? body.media_category : null;
  const upload = initUpload(call, String(body.media_type), Number(body.total_bytes), category);
  return {
    status: 200,
    body: { data: { id: upload.id, media_key: upload.media_key, expires_after_secs: EXPIRES_AFTER_SECS } },
  };
}

/** The chunk: JSON base64 `media`, or a multipart binary part (or text field). */
function chunkBytes(call: Call): { index: number; bytes: number } {
  const body = json(call);
  if (typeof body.media === "string")
    return { index: Number(body.segment_index), bytes: fromBase64(body.media).byteLength };
  const media = call.fields.media;
  const bytes = media instanceof Uint8Array ? media.byteLength : typeof media === "string" ? utf8Length(media) : -1;
  if (bytes < 0) throw invalid("media", "append needs media");
  return { index: Number(call.fields.segment_index), bytes };
}

export function appendMediaUpload(call: Call): Answer {
  const { index, bytes } = chunkBytes(call);
  const upload = appendSegment(call, call.path.id ?? "", index, bytes);
  return {
    status: 200,
    body: { data: { expires_at: Math.floor(call.now / 1000) + secondsLeft(upload, call.now) } },
  };
}

export function finalizeMediaUpload(call: Call): Answer {
  const upload = finalizeUpload(call, call.path.id ?? "");
  return { status: 200, body: { data: status(upload, call.now, false) } };
}

export function getMediaUploadStatus(call: Call): Answer {
  const upload = findUpload(call, String(call.query.media_id ?? ""));
  if (upload.finalized_at === null) throw invalid("media_id", `Media ${upload.id} is not finalized`);
  return { status: 200, body: { data: status(upload, call.now, true) } };
}
