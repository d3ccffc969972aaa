import { isoSeconds } from "../clock.js";
import { newId } from "../store/ids.js";
import type { Data } from "../store/store.js";
import type { StateRule } from "./rule.js";

/** The id the post gets when it goes live, drawn at creation (kept out of answers until then). */
const PENDING_TWEET = "x_pending_tweet_id";

export const scheduledPost: StateRule = {
  implements: ["scheduled-post-completes"],
  name: "a scheduled post is SCHEDULED until scheduled_at, then SUCCESS with its tweet_id and completed_at",
  source: "spec ScheduledTweet (provider reference; seed 002 section 2 does not show the fields)",
  resources: ["scheduled_tweet"],
  create(record, context) {
    record.scheduled_status = "SCHEDULED";
    record.completed_at = null;
    record.tweet_id = null;
    record[PENDING_TWEET] = newId("NumericId", 18, context.store.random);
  },
  view(record: Data, context) {
    const { [PENDING_TWEET]: pending, ...out } = record;
    const at = Date.parse(String(record.scheduled_at));
    if (out.scheduled_status !== "SCHEDULED" || !(at <= context.now) || typeof pending !== "string") return out;
    return { ...out, scheduled_status: "SUCCESS", completed_at: isoSeconds(at), tweet_id: pending };
  },
};
