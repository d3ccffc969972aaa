// The v1.1 chunked upload on the upload host (facts file, "Upload host"): INIT, APPEND and FINALIZE
// are one POST operation selected by `command`; STATUS is a GET on the same path.
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

const field = (call: Call, name: string) => {
  const value = call.fields[name];
  return typeof value === "string" ? value : undefined;
};

/** The bytes of an APPEND's chunk: a file part's size, or the decoded length of `media_data`. */
function chunkBytes(call: Call): number {
  const media = call.fields.media;
  if (media instanceof Blob) return media.size;
  if (typeof media === "string") return Buffer.byteLength(media);
  const data = field(call, "media_data");
  if (data !== undefined) return Buffer.from(data, "base64").byteLength;
  throw invalid("media", "APPEND needs media or media_data");
}

function ids(upload: Upload) {
  return { media_id: Number(upload.id), media_id_string: upload.id, media_key: upload.media_key };
}

/** An upload as FINALIZE and STATUS answer it: ids, size, time left, and its processing when any. */
function describe(upload: Upload, now: number, processing: ReturnType<typeof processingOf>) {
  return {
    ...ids(upload),
    size: sizeOfUpload(upload),
    expires_after_secs: secondsLeft(upload, now),
    ...(processing ? { processing_info: processing } : {}),
  };
}

export function uploadMedia(call: Call): Answer {
  const command = field(call, "command");
  if (command === "INIT") {
    const upload = initUpload(
      call,
      field(call, "media_type") ?? "",
      Number(field(call, "total_bytes")),
      field(call, "media_category") ?? null,
    );
    return { status: 200, body: { ...ids(upload), expires_after_secs: EXPIRES_AFTER_SECS } };
  }
  const id = field(call, "media_id") ?? "";
  if (command === "APPEND") {
    appendSegment(call, id, Number(field(call, "segment_index")), chunkBytes(call));
    return { status: 204 };
  }
  const upload = finalizeUpload(call, id);
  return { status: 200, body: describe(upload, call.now, processingOf(upload, call.now)) };
}

export function getMediaUploadCommandStatus(call: Call): Answer {
  const upload = findUpload(call, String(call.query.media_id ?? ""));
  if (upload.finalized_at === null) throw invalid("media_id", `Media ${upload.id} is not finalized`);
  const processing = processingOf(upload, call.now) ?? { state: "succeeded" as const, progress_percent: 100 };
  return { status: 200, body: describe(upload, call.now, processing) };
}
