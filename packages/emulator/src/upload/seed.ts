// The uploads the upload document's examples name (`media_id_string` with its `media_key`): seeded as
// finished uploads, so that every example request of the spec (STATUS of the example media, say)
// finds what it names, as the other resources' examples do.
import { operations } from "../generated/upload.js";
import type { Data, Store } from "../store/store.js";
import { COLLECTION, kindOfKey, type Upload } from "./uploads.js";

/** A seeded upload's MIME type by the kind its media key names. */
const MEDIA_TYPES = { VIDEO: "video/mp4", GIF: "image/gif", IMAGE: "image/jpeg" } as const;

function exampleMedia(value: unknown, found: Map<string, string>): void {
  if (Array.isArray(value)) {
    for (const item of value) exampleMedia(item, found);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.media_id_string === "string" && typeof record.media_key === "string")
      found.set(record.media_id_string, record.media_key);
    for (const item of Object.values(record)) exampleMedia(item, found);
  }
}

/** Adds each example upload, finalized long before the emulator's start (processing succeeded). */
export function seedUploads(store: Store): Store {
  const found = new Map<string, string>();
  for (const operation of operations) exampleMedia(operation.example, found);
  for (const [id, mediaKey] of found) {
    if (store.get(COLLECTION, id)) continue;
    const kind = kindOfKey(mediaKey) ?? "IMAGE";
    const upload: Upload = {
      id,
      media_key: mediaKey,
      media_type: MEDIA_TYPES[kind],
      // A video or GIF was processed (the examples answer STATUS for one); an image never is.
      media_category: kind === "IMAGE" ? null : `tweet_${kind.toLowerCase()}`,
      total_bytes: 1024,
      segments: { "0": 1024 },
      created_at: 0,
      finalized_at: 0,
      fail: false,
    };
    store.insert(COLLECTION, null, upload as unknown as Data);
  }
  return store;
}
