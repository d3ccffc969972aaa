// waitForMedia: STATUS polling of an upload's asynchronous processing, after each answer's
// `check_after_secs`, until it succeeds or fails. uploadMedia polls through the same loop after FINALIZE.
import { pathServers } from "@xads/types/facts";
import { XAdsApiError } from "./errors.js";
import { UPLOAD_BASE_URL } from "./hosts.js";
import type { ProcessingInfo, UploadedMedia, UploadingClient } from "./uploaded-media.js";
import {
  checkAnswer,
  checkMs,
  poll,
  type Send,
  type Sleep,
  type WaitTimingOptions,
  XAdsDeadlineError,
} from "./wait.js";

/** The STATUS path of the v1.1 upload (on the upload host). */
export const V1_UPLOAD_PATH = "/1.1/media/upload.json";
/** The STATUS path of the v2 upload (on the v2 host). */
const V2_STATUS_PATH = "/2/media/upload";
/** The default deadline of processing, in ms (uploadMedia's `maxProcessingMs`). */
export const MEDIA_DEADLINE_MS = 600_000;
/** `check_after_secs` when an unfinished answer lacks it. */
const DEFAULT_CHECK_AFTER_SECS = 1;

export interface WaitForMediaOptions extends WaitTimingOptions {
  /** The media id from INIT (`media_id_string` on v1.1, `id` on v2). */
  mediaId: string;
  /** `v1.1` (STATUS on the upload host, the default) or `v2` (`GET /2/media/upload` on the v2 host). */
  api?: "v1.1" | "v2";
  /**
   * Host of the v2 endpoints (default: `https://api.x.com` when the client sends to the production
   * upload host, else the client's `baseUrl`, as `createUploadClient` chooses).
   */
  v2BaseUrl?: string;
  /** Called with each processing state that is not final (state, `progress_percent`, `check_after_secs`). */
  onProgress?: (info: ProcessingInfo) => void;
}

/** v2 answers wrap the record in `data`; v1.1 answers are the record. */
export function recordOf(body: Record<string, unknown>): Record<string, unknown> {
  return typeof body.data === "object" && body.data !== null ? (body.data as Record<string, unknown>) : body;
}

export function toUploaded(record: Record<string, unknown>): UploadedMedia {
  const id = record.media_id_string ?? record.id ?? record.media_id;
  const uploaded: UploadedMedia = { mediaId: String(id) };
  if (typeof record.media_key === "string") uploaded.mediaKey = record.media_key;
  if (typeof record.size === "number") uploaded.size = record.size;
  if (typeof record.expires_after_secs === "number") uploaded.expiresAfterSecs = record.expires_after_secs;
  if (typeof record.processing_info === "object" && record.processing_info !== null) {
    uploaded.processingInfo = record.processing_info as ProcessingInfo;
  }
  return uploaded;
}

/** What the processing loop needs; uploadMedia and waitForMedia fill it. */
export interface ProcessingPoll {
  get: Send;
  mediaId: string;
  v2: boolean;
  /** Per-request options: the signal and, for v2, the v2 host. */
  common: Record<string, unknown>;
  /** The media as known (FINALIZE's answer); without it the first STATUS answer. */
  media?: UploadedMedia;
  deadlineMs: number;
  /** The option that set the deadline, named in the deadline error. */
  limitName: string;
  onWait?: ((info: ProcessingInfo) => void) | undefined;
  signal?: AbortSignal | undefined;
  now?: (() => number) | undefined;
  sleep?: Sleep | undefined;
}

type Polled = { media: UploadedMedia; final: boolean };

/**
 * STATUS after each `check_after_secs` until `succeeded`; `failed` throws {@link XAdsApiError} with the
 * host's error; a next check that would come after the deadline throws {@link XAdsDeadlineError}.
 * Media without `processing_info` (synchronous, or finished) is returned as it is.
 */
export async function pollProcessing(options: ProcessingPoll): Promise<UploadedMedia> {
  const { get, mediaId, v2, common } = options;
  const statusPath = v2 ? V2_STATUS_PATH : V1_UPLOAD_PATH;
  let media = options.media;
  const read = async (): Promise<Polled> => {
    const status = recordOf(
      checkAnswer(
        await get(statusPath, { ...common, params: { query: { command: "STATUS", media_id: mediaId } } }),
        "GET",
        statusPath,
      ),
    );
    media = { ...media, ...toUploaded(status), mediaId };
    return { media, final: !status.processing_info };
  };
  const polled = await poll<Polled>({
    ...(media ? { first: { media, final: !media.processingInfo } } : {}),
    read,
    done: ({ media, final }) => {
      const info = media.processingInfo;
      if (final || !info || info.state === "succeeded") return true;
      if (info.state === "failed") {
        const reason = info.error?.message ?? info.error?.name ?? "no reason given";
        throw new XAdsApiError({
          status: 200,
          method: "GET",
          path: statusPath,
          ...(info.error
            ? { errors: [{ ...info.error, code: info.error.code ?? info.error.name, message: reason }] }
            : {}),
          body: info,
          message: `media ${mediaId}: processing failed: ${reason}`,
        });
      }
      return false;
    },
    delayMs: ({ media }) => (media.processingInfo?.check_after_secs ?? DEFAULT_CHECK_AFTER_SECS) * 1000,
    atDeadline: "early",
    // A check_after_secs of 0 (or a clock that stands still) still counts one second per STATUS.
    minCostMs: 1000,
    deadlineMs: options.deadlineMs,
    expired: ({ media }, elapsedMs) =>
      new XAdsDeadlineError({
        status: 200,
        method: "GET",
        path: statusPath,
        body: media.processingInfo,
        deadlineMs: options.deadlineMs,
        elapsedMs,
        message: `media ${mediaId}: still ${media.processingInfo?.state} after the processing wait limit (${options.limitName}: ${options.deadlineMs} ms)`,
      }),
    onWait: ({ media }) => {
      if (media.processingInfo) options.onWait?.(media.processingInfo);
    },
    signal: options.signal,
    now: options.now,
    sleep: options.sleep,
  });
  return polled.media;
}

/**
 * Waits for an upload's asynchronous processing: STATUS now, then again after each answer's
 * `check_after_secs`, until the state is `succeeded` (resolves with the media and its
 * `processingInfo`) or `failed` (throws {@link XAdsApiError} with the host's error). Media without
 * processing (images, or no media category) resolves at the first answer. A next check after
 * `deadlineMs` (default 600 000, as uploadMedia's `maxProcessingMs`) throws {@link XAdsDeadlineError};
 * `signal` rejects with its reason, also while sleeping. A STATUS error answer is an XAdsApiError, after
 * the client's retries (5xx and 429 are retried for GET).
 */
export async function waitForMedia(
  uploadClient: UploadingClient,
  options: WaitForMediaOptions,
): Promise<UploadedMedia> {
  const { mediaId, signal } = options;
  if (typeof mediaId !== "string" || mediaId === "") {
    throw new TypeError(`waitForMedia: mediaId must be the media id string (got ${JSON.stringify(mediaId)})`);
  }
  const deadlineMs = checkMs(options.deadlineMs ?? MEDIA_DEADLINE_MS, "deadlineMs", "waitForMedia");
  const v2 = options.api === "v2";
  const v2BaseUrl = v2 ? (options.v2BaseUrl ?? v2HostOf(uploadClient)) : undefined;
  return pollProcessing({
    get: uploadClient.GET as unknown as Send,
    mediaId,
    v2,
    common: { ...(signal ? { signal } : {}), ...(v2BaseUrl ? { baseUrl: v2BaseUrl.replace(/\/+$/, "") } : {}) },
    deadlineMs,
    limitName: "deadlineMs",
    onWait: options.onProgress,
    signal,
    now: options.now,
    sleep: options.sleep,
  });
}

/** The v2 host for a client, as createUploadClient chooses it: api.x.com for the production upload host, else its own. */
function v2HostOf(client: UploadingClient): string | undefined {
  const baseUrl = (client as { baseUrl?: unknown }).baseUrl;
  if (typeof baseUrl !== "string") return undefined;
  return baseUrl.replace(/\/+$/, "") === UPLOAD_BASE_URL ? pathServers.upload[V2_STATUS_PATH].production : baseUrl;
}
