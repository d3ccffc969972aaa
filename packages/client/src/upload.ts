import { type MediaCategory, uploadLimits } from "@xads/types/facts";
import { sizeLimitOf } from "@xads/types/upload-limits";
import { XAdsApiError } from "./errors.js";
import type { ProcessingInfo, UploadedMedia, UploadingClient } from "./uploaded-media.js";
import { checkAnswer as check, checkMs, type Send, type Sleep } from "./wait.js";
import { MEDIA_DEADLINE_MS, pollProcessing, recordOf, toUploaded, V1_UPLOAD_PATH } from "./wait-for-media.js";

/** Largest chunk the upload host accepts in one APPEND: the upload document's limit (5 MB). */
export const MAX_CHUNK_BYTES = uploadLimits.maxChunkBytes;
const MAX_SEGMENTS = uploadLimits.maxSegments;
const MAX_ADDITIONAL_OWNERS = uploadLimits.maxAdditionalOwners;

/** What the media is for, given at INIT (the upload document's `MediaCategory`). */
export type { MediaCategory };

export interface UploadProgress {
  phase: "upload" | "processing";
  /** Bytes appended so far. */
  bytesSent: number;
  totalBytes: number;
  /** Processing progress reported by the host (processing phase only). */
  percent?: number;
}

export interface UploadMediaOptions {
  media: Blob | ArrayBuffer | Uint8Array;
  /** MIME type, for example `video/mp4`. */
  mediaType: string;
  /** Ads videos use `amplify_video`. */
  mediaCategory?: MediaCategory;
  /** User ids that may also use the media (up to 100), for example the `as_user_id` of a post made for another user. */
  additionalOwners?: readonly string[];
  /** Bytes per APPEND, at most {@link MAX_CHUNK_BYTES} (the default). */
  chunkSize?: number;
  /** `v1.1` (INIT/APPEND/FINALIZE/STATUS on the upload host, the default) or `v2` (the dedicated endpoints on api.x.com). */
  api?: "v1.1" | "v2";
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Longest time to wait for asynchronous processing, in ms (default 600 000); past it an `XAdsDeadlineError`. */
  maxProcessingMs?: number;
  /** Clock of the processing wait, in ms (default `Date.now`); as `waitForMedia` takes it. */
  now?: () => number;
  /** How to wait between two STATUS requests (default: a `setTimeout`); as `waitForMedia` takes it. */
  sleep?: Sleep;
}

export type { ProcessingInfo, UploadedMedia, UploadingClient };

const V1 = V1_UPLOAD_PATH;
const formBody = (body: Record<string, string>) => new URLSearchParams(body).toString();
const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };
const identity = (body: unknown) => body;

function validate(options: UploadMediaOptions): { blob: Blob; chunkSize: number } {
  const { media, mediaType, additionalOwners } = options;
  if (!(media instanceof Blob || media instanceof ArrayBuffer || ArrayBuffer.isView(media))) {
    throw new TypeError("uploadMedia: media must be a Blob, ArrayBuffer or Uint8Array");
  }
  if (typeof mediaType !== "string" || !mediaType.includes("/")) {
    throw new TypeError(
      `uploadMedia: mediaType must be a MIME type such as video/mp4 (got ${JSON.stringify(mediaType)})`,
    );
  }
  if (additionalOwners && additionalOwners.length > MAX_ADDITIONAL_OWNERS) {
    throw new RangeError(
      `uploadMedia: additionalOwners takes at most ${MAX_ADDITIONAL_OWNERS} user ids (got ${additionalOwners.length})`,
    );
  }
  const chunkSize = options.chunkSize ?? MAX_CHUNK_BYTES;
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > MAX_CHUNK_BYTES) {
    throw new RangeError(
      `uploadMedia: chunkSize must be an integer from 1 to ${MAX_CHUNK_BYTES} bytes (got ${chunkSize})`,
    );
  }
  const blob = media instanceof Blob ? media : new Blob([media as BlobPart], { type: mediaType });
  if (blob.size === 0) throw new RangeError("uploadMedia: media is empty");
  const sizeLimit = sizeLimitOf(mediaType);
  if (sizeLimit && blob.size > sizeLimit.maxBytes) {
    throw new RangeError(
      `uploadMedia: media of type ${mediaType} is at most ${sizeLimit.maxBytes} bytes, the upload document's limit for ${sizeLimit.mediaType} (got ${blob.size})`,
    );
  }
  const segments = Math.ceil(blob.size / chunkSize);
  if (segments > MAX_SEGMENTS) {
    throw new RangeError(
      `uploadMedia: ${blob.size} bytes in chunks of ${chunkSize} make ${segments} segments; at most ${MAX_SEGMENTS} are allowed (raise chunkSize)`,
    );
  }
  return { blob, chunkSize };
}

/**
 * Chunked media upload: INIT, one APPEND per chunk (at most {@link MAX_CHUNK_BYTES} each), FINALIZE, then STATUS polling
 * after each `check_after_secs` until processing succeeds. Resolves to the media id and key; a failed
 * step or failed processing throws {@link XAdsApiError}.
 */
export async function uploadMedia(
  uploadClient: UploadingClient,
  options: UploadMediaOptions,
  v2BaseUrl?: string,
): Promise<UploadedMedia> {
  const client = { POST: uploadClient.POST as unknown as Send, GET: uploadClient.GET as unknown as Send };
  const { blob, chunkSize } = validate(options);
  const maxProcessingMs = checkMs(options.maxProcessingMs ?? MEDIA_DEADLINE_MS, "maxProcessingMs", "uploadMedia");
  const { signal, onProgress, mediaType, mediaCategory, additionalOwners } = options;
  const v2 = options.api === "v2";
  const common = { ...(signal ? { signal } : {}), ...(v2 && v2BaseUrl ? { baseUrl: v2BaseUrl } : {}) };
  const totalBytes = blob.size;

  let init: UploadedMedia;
  if (v2) {
    const body: Record<string, unknown> = { media_type: mediaType, total_bytes: totalBytes };
    if (mediaCategory) body.media_category = mediaCategory;
    if (additionalOwners?.length) body.additional_owners = [...additionalOwners];
    init = toUploaded(
      recordOf(
        check(
          await client.POST("/2/media/upload/initialize", { ...common, body }),
          "POST",
          "/2/media/upload/initialize",
        ),
      ),
    );
  } else {
    const body: Record<string, string> = { command: "INIT", total_bytes: String(totalBytes), media_type: mediaType };
    if (mediaCategory) body.media_category = mediaCategory;
    if (additionalOwners?.length) body.additional_owners = additionalOwners.join(",");
    init = toUploaded(
      check(await client.POST(V1, { ...common, body, bodySerializer: formBody, headers: FORM_HEADERS }), "POST", V1),
    );
  }
  const mediaId = init.mediaId;
  if (!mediaId || mediaId === "undefined") {
    throw new XAdsApiError({
      status: 200,
      method: "POST",
      path: v2 ? "/2/media/upload/initialize" : V1,
      message: "media upload INIT: the answer has no media id",
    });
  }

  let bytesSent = 0;
  for (let segment = 0, start = 0; start < totalBytes; segment++, start += chunkSize) {
    const chunk = blob.slice(start, Math.min(start + chunkSize, totalBytes));
    const form = new FormData();
    if (!v2) {
      form.set("command", "APPEND");
      form.set("media_id", mediaId);
    }
    form.set("segment_index", String(segment));
    form.set("media", chunk, "chunk");
    const path = v2 ? `/2/media/upload/${encodeURIComponent(mediaId)}/append` : V1;
    check(await client.POST(path, { ...common, body: form, bodySerializer: identity, parseAs: "text" }), "POST", path);
    bytesSent += chunk.size;
    onProgress?.({ phase: "upload", bytesSent, totalBytes });
  }

  const finalizePath = v2 ? `/2/media/upload/${encodeURIComponent(mediaId)}/finalize` : V1;
  const finalizeInit = v2
    ? { ...common }
    : { ...common, body: { command: "FINALIZE", media_id: mediaId }, bodySerializer: formBody, headers: FORM_HEADERS };
  let media: UploadedMedia = {
    ...init,
    ...toUploaded(recordOf(check(await client.POST(finalizePath, finalizeInit), "POST", finalizePath))),
    mediaId,
  };

  media = await pollProcessing({
    get: client.GET,
    mediaId,
    v2,
    common,
    media,
    deadlineMs: maxProcessingMs,
    limitName: "maxProcessingMs",
    onWait: (info) =>
      onProgress?.({
        phase: "processing",
        bytesSent,
        totalBytes,
        ...(info.progress_percent !== undefined ? { percent: info.progress_percent } : {}),
      }),
    signal,
    now: options.now,
    sleep: options.sleep,
  });
  if (media.processingInfo?.state === "succeeded") {
    onProgress?.({ phase: "processing", bytesSent, totalBytes, percent: 100 });
  }
  return media;
}
