import { pathServers } from "@xads/types/facts";
import type { AdsPaths, TailoredAudiencesPaths, UploadPaths } from "./client-paths.js";
import { createXAdsClient, type XAdsClient, type XAdsClientOptions } from "./create-client.js";
import { problemErrorBody, uploadV1ErrorBody } from "./host-error-bodies.js";
import { ADS_BASE_URL, UPLOAD_BASE_URL } from "./hosts.js";
import type { ClientFor, ThrowingClient } from "./throwing-client.js";
import { type UploadedMedia, type UploadMediaOptions, uploadMedia } from "./upload.js";

export type AdsClient = XAdsClient<AdsPaths>;
export type TailoredAudiencesClient = XAdsClient<TailoredAudiencesPaths>;
/** An {@link AdsClient} made with `throwOnError: true`: calls resolve to `{ data, response }`, `data` the success body. */
export type ThrowingAdsClient = ThrowingClient<AdsPaths>;
/** A {@link TailoredAudiencesClient} made with `throwOnError: true`. */
export type ThrowingTailoredAudiencesClient = ThrowingClient<TailoredAudiencesPaths>;

/**
 * A client for the Ads API v12 (`https://ads-api.x.com`; `ADS_SANDBOX_BASE_URL` for the sandbox). With
 * `throwOnError: true` calls resolve to `{ data, response }` only (non-2xx answers reject).
 */
export function createAdsClient<ThrowOnError extends boolean = false>(
  options: XAdsClientOptions & { throwOnError?: ThrowOnError } = {},
): ClientFor<ThrowOnError, AdsClient, ThrowingAdsClient> {
  return createXAdsClient<AdsPaths>(options, ADS_BASE_URL) as never;
}

/** A client for the tailored-audience permissions v5 (`https://ads-api.x.com`). */
export function createTailoredAudiencesClient<ThrowOnError extends boolean = false>(
  options: XAdsClientOptions & { throwOnError?: ThrowOnError } = {},
): ClientFor<ThrowOnError, TailoredAudiencesClient, ThrowingTailoredAudiencesClient> {
  return createXAdsClient<TailoredAudiencesPaths>(options, ADS_BASE_URL) as never;
}

export interface UploadClientOptions extends XAdsClientOptions {
  /**
   * Host of the v2 media endpoints (default `https://api.x.com`, or `baseUrl` when that was given, so a
   * local mock that serves both layouts needs one URL).
   */
  v2BaseUrl?: string;
}

/** What the upload client adds to the path calls. */
export interface UploadHelpers {
  /** Chunked upload with progress; see {@link uploadMedia}. */
  uploadMedia(options: UploadMediaOptions): Promise<UploadedMedia>;
}

export type UploadClient = XAdsClient<UploadPaths> & UploadHelpers;
/** An {@link UploadClient} made with `throwOnError: true`. */
export type ThrowingUploadClient = ThrowingClient<UploadPaths> & UploadHelpers;

/** A client for the media upload host (`https://upload.x.com`; v2 endpoints on `https://api.x.com`). */
export function createUploadClient<ThrowOnError extends boolean = false>(
  options: UploadClientOptions & { throwOnError?: ThrowOnError } = {},
): ClientFor<ThrowOnError, UploadClient, ThrowingUploadClient> {
  // The v2 media endpoints answer problem objects, the v1.1 host its numeric `errors` (facts file).
  const client = createXAdsClient<UploadPaths>(options, UPLOAD_BASE_URL, (path) =>
    path.startsWith("/2/") ? problemErrorBody : uploadV1ErrorBody,
  );
  // The v2 host is the path-level server of the v2 endpoints, read here so that a bundle without
  // createUploadClient drops the table.
  const v2Host = pathServers.upload["/2/media/upload/initialize"].production;
  const v2BaseUrl = (options.v2BaseUrl ?? (options.baseUrl ? client.baseUrl : v2Host)).replace(/\/+$/, "");
  const helpers: UploadHelpers = {
    uploadMedia: (upload: UploadMediaOptions) => uploadMedia(client, upload, v2BaseUrl),
  };
  return Object.assign(client, helpers) as never;
}
