import { ApiFailure } from "../call.js";
import type { Data } from "../store/store.js";
import type { RuleContext, StateRule } from "./rule.js";

/** Draft media comes from the account's media library. */
function checkMedia(record: Data, context: RuleContext) {
  const keys = Array.isArray(record.media_keys) ? record.media_keys : [];
  for (const key of keys) {
    const media = context.store.get("media", String(key));
    if (!media || media.parentId !== context.parentId || media.data.deleted === true)
      throw new ApiFailure([
        {
          status: 400,
          code: "INVALID_MEDIA",
          message: `Media ${String(key)} is not in the account's media library`,
          parameter: "media_keys",
        },
      ]);
  }
}

export const postAuthor: StateRule = {
  implements: ["post-author-default"],
  name: "a draft or scheduled post is for as_user_id, by default the account's full promotable user; draft media is in the media library",
  source: "seed 002 sections 4.3 and 4.8 (as_user_id, media_keys)",
  resources: ["draft_tweet", "scheduled_tweet"],
  create(record, context) {
    const asUser = context.params.as_user_id;
    record.user_id = typeof asUser === "string" && asUser !== "" ? asUser : context.userId;
    delete record.status;
    if (!("scheduled_status" in record)) checkMedia(record, context);
  },
  update(record, _previous, context) {
    if (!("scheduled_status" in record)) checkMedia(record, context);
  },
};
