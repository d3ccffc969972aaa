import { ApiFailure } from "../call.js";
import type { Data } from "../store/store.js";
import type { Upload } from "../upload/uploads.js";
import { usable } from "../upload/uploads.js";
import type { StateRule } from "./rule.js";

/** Fields images do not carry (the spec's MediaLibraryObject). */
const VIDEO_ONLY = ["duration", "aspect_ratio", "poster_media_url", "poster_media_key", "title", "description"];

function kind(mediaType: string): "VIDEO" | "GIF" | "IMAGE" {
  if (mediaType.startsWith("video/")) return "VIDEO";
  return mediaType === "image/gif" ? "GIF" : "IMAGE";
}

export const mediaFromUpload: StateRule = {
  implements: ["media-from-upload"],
  name: "a media library object is an uploaded asset: an unknown or unprocessed media key is refused",
  source: "seed 002 section 4.5 (POST media_library: media_key adds an uploaded asset)",
  resources: ["media"],
  create(record: Data, context) {
    let upload: Upload | undefined;
    for (const r of context.store.collection("media_upload").values())
      if (r.data.media_key === record.media_key) upload = r.data as unknown as Upload;
    if (!upload || !usable(upload, context.now))
      throw new ApiFailure([
        {
          status: 400,
          code: "INVALID_MEDIA",
          message: `Media ${String(record.media_key)} is not an uploaded and processed asset`,
          parameter: "media_key",
        },
      ]);
    const type = kind(upload.media_type);
    record.media_type = type;
    record.media_category = (upload.media_category ?? `tweet_${type.toLowerCase()}`).toUpperCase();
    record.media_status = "TRANSCODE_COMPLETED";
    record.tweeted = false;
    if (type !== "VIDEO") for (const field of VIDEO_ONLY) delete record[field];
  },
};
