import type { Ads, TailoredAudiences, Upload } from "@xads/types";
import { pathServers } from "@xads/types/facts";
import { createXAdsClient, type XAdsClient, type XAdsClientOptions } from "./create-client.js";
import { ADS_BASE_URL, UPLOAD_BASE_URL } from "./hosts.js";
import { type UploadedMedia, type UploadMediaOptions, uploadMedia } from "./upload.js";

export type AdsClient = XAdsClient<Ads.paths>;
export type TailoredAudiencesClient = XAdsClient<TailoredAudiences.paths>;

/** A client for the Ads API v12 (`https://ads-api.x.com`; `ADS_SANDBOX_BASE_URL` for the sandbox). */
export function createAdsClient(options: XAdsClientOptions = {}): AdsClient {
  return createXAdsClient<Ads.paths>(options, ADS_BASE_URL);
}

/** A client for the tailored-audience permissions v5 (`https://ads-api.x.com`). */
export function createTailoredAudiencesClient(options: XAdsClientOptions = {}): TailoredAudiencesClient {
  return createXAdsClient<TailoredAudiences.paths>(options, ADS_BASE_URL);
}

export interface UploadClientOptions extends XAdsClientOptions {
  /**
   * Host of the v2 media endpoints (default `https://api.x.com`, or `baseUrl` when that was given, so a
   * local mock that serves both layouts needs one URL).
   */
  v2BaseUrl?: string;
}

export type UploadClient = XAdsClient<Upload.paths> & {
  /** Chunked upload with progress; see {@link uploadMedia}. */
  uploadMedia(options: UploadMediaOptions): Promise<UploadedMedia>;
};

/** A client for the media upload host (`https://upload.x.com`; v2 endpoints on `https://api.x.com`). */
export function createUploadClient(options: UploadClientOptions = {}): UploadClient {
  const client = createXAdsClient<Upload.paths>(options, UPLOAD_BASE_URL);
  // The v2 host is the path-level server of the v2 endpoints, read here so that a bundle without
  // createUploadClient drops the table.
  const v2Host = pathServers.upload["/2/media/upload/initialize"].production;
  const v2BaseUrl = (options.v2BaseUrl ?? (options.baseUrl ? client.baseUrl : v2Host)).replace(/\/+$/, "");
  return Object.assign(client, {
    uploadMedia: (upload: UploadMediaOptions) => uploadMedia(client, upload, v2BaseUrl),
  });
}
