import { isoSeconds } from "../clock.js";
import { newId } from "../store/ids.js";
import type { StateRule } from "./rule.js";

export const amplifyVideoPreroll: StateRule = {
  implements: ["amplify-video-preroll"],
  name: "a media library object added with category AMPLIFY_VIDEO is also PREROLL account media",
  source: "seed 002 section 3 (media library object added with category AMPLIFY_VIDEO)",
  resources: ["media"],
  create(record, context) {
    if (record.media_category !== "AMPLIFY_VIDEO") return;
    const media = context.store.collection("account_media");
    let id = newId("EntityId", 4, context.store.random);
    while (media.has(id)) id = newId("EntityId", 4, context.store.random);
    const now = isoSeconds(context.now);
    context.store.insert("account_media", context.parentId, {
      id,
      video_id: record.media_key,
      media_url: null,
      creative_type: "PREROLL",
      created_at: now,
      updated_at: now,
      deleted: false,
    });
  },
};
