// What uploadMedia and waitForMedia share: the client an upload needs and the media it answers.
import type { Upload } from "@xads/types";

/** Asynchronous processing of an upload, as FINALIZE and STATUS answer it (the upload document's `ProcessingInfo`). */
export type ProcessingInfo = Upload.components["schemas"]["ProcessingInfo"];

export interface UploadedMedia {
  mediaId: string;
  mediaKey?: string;
  size?: number;
  expiresAfterSecs?: number;
  processingInfo?: ProcessingInfo;
}

/** The minimal client an upload needs: any client made by this package. */
export interface UploadingClient {
  /** Method syntax on purpose: any openapi-fetch client fits, whatever its paths; answers are checked at run time. */
  POST(...args: never[]): Promise<{ data?: unknown; error?: unknown; response: Response }>;
  GET(...args: never[]): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}
