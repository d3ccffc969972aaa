// The v1.1 upload on the upload host (facts file, "Upload host"): INIT, APPEND and FINALIZE are one
// POST operation selected by `command`, and the same POST without `command` is the simple upload of a
// whole image; STATUS is a GET on the same path. The fields come from the query and the body alike
// (the operation's `x-xads-fields-in-query`, merged by the pipeline).
import { fromBase64, utf8Bytes } from "../bytes.js";
import { type Answer, type Call, invalid } from "../call.js";
import { sniffImage } from "./image.js";
import {
  appendSegment,
  EXPIRES_AFTER_SECS,
  finalizeUpload,
  findUpload,
  initUpload,
  maxBytes,
  processingOf,
  secondsLeft,
  sizeOfUpload,
  storeWhole,
  type Upload,
  uploadNotFound,
} from "./uploads.js";

const field = (call: Call, name: string) => {
  const value = call.fields[name];
  return typeof value === "string" ? value : undefined;
};

/** The bytes of `media` (a binary part, or text) or of `media_data` (base64), or undefined. */
function mediaBytes(call: Call): Uint8Array | undefined {
  const media = call.fields.media;
  if (media instanceof Uint8Array) return media;
  if (typeof media === "string") return utf8Bytes(media);
  const data = field(call, "media_data");
  return data === undefined ? undefined : fromBase64(data);
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

/**
 * The simple upload (SimpleUpload): an image, stored finished, answered as FINALIZE answers an image,
 * with `image`. The reference returns `media_key` only when a `media_category` was given.
 */
function simpleUpload(call: Call): Answer {
  const bytes = mediaBytes(call);
  if (!bytes) throw invalid("media", "A simple upload sends the image as media or media_data");
  const image = sniffImage(bytes);
  if (!image)
    throw invalid(
      "media",
      "A simple upload takes a JPEG, PNG, GIF or WEBP image; upload other media with INIT, APPEND and FINALIZE",
    );
  if (bytes.byteLength > maxBytes(image.type))
    throw invalid("media", `A ${image.type} image is at most ${maxBytes(image.type)} bytes`);
  const upload = storeWhole(call, image.type, bytes.byteLength);
  const { media_key, ...rest } = describe(upload, call.now, undefined);
  return {
    status: 200,
    body: {
      ...rest,
      ...(field(call, "media_category") !== undefined ? { media_key } : {}),
      image: { image_type: image.type, ...(image.w !== undefined ? { w: image.w, h: image.h } : {}) },
    },
  };
}

export function uploadMedia(call: Call): Answer {
  const command = field(call, "command");
  if (command === undefined) return simpleUpload(call);
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
    const bytes = mediaBytes(call);
    if (!bytes) throw invalid("media", "APPEND needs media or media_data");
    appendSegment(call, id, Number(field(call, "segment_index")), bytes.byteLength);
    return { status: 204 };
  }
  const upload = finalizeUpload(call, id);
  return { status: 200, body: describe(upload, call.now, processingOf(upload, call.now)) };
}

/** STATUS reports asynchronous processing; an upload with none to report answers 404, as documented. */
export function getMediaUploadCommandStatus(call: Call): Answer {
  const upload = findUpload(call, String(call.query.media_id ?? ""));
  const processing = processingOf(upload, call.now);
  if (!processing) {
    const why = upload.finalized_at === null ? "is not finalized" : "has no asynchronous processing";
    throw uploadNotFound(call, upload.id, `Media ${upload.id} ${why}: STATUS has nothing to report`);
  }
  return { status: 200, body: describe(upload, call.now, processing) };
}
