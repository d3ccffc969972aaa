import { ApiFailure } from "../call.js";
import { isoSeconds } from "../clock.js";
import { featuresOf } from "../store/account-features.js";
import type { Data } from "../store/store.js";
import type { StateRule } from "./rule.js";

const KEEP_ON_DELETE = new Set(["id", "name", "start_time", "card_type", "created_at", "updated_at", "deleted"]);

function pollType(mediaKey: unknown): string {
  if (typeof mediaKey !== "string" || mediaKey === "") return "TEXT_POLLS";
  return /^(7|13)_/.test(mediaKey) ? "VIDEO_POLLS" : "IMAGE_POLLS";
}

export const pollCard: StateRule = {
  implements: ["poll-closes-after-duration", "media-polls-need-feature"],
  name: "a poll closes duration_in_minutes after the card's creation; polls with media need PROMOTED_MEDIA_POLLS",
  source: "seed 002 section 3 (poll card open -> closed), section 4.6",
  resources: ["poll_card"],
  create(record: Data, context) {
    const media = context.params.media_key;
    if (typeof media === "string" && media !== "") {
      const features = featuresOf(context.store, context.parentId ?? "", context.fixtureAccountId);
      if (!features.includes("PROMOTED_MEDIA_POLLS"))
        throw new ApiFailure([
          {
            status: 400,
            code: "FEATURE_NOT_AVAILABLE",
            message: "Polls with media need the account feature PROMOTED_MEDIA_POLLS",
            parameter: "media_key",
          },
        ]);
    }
    const minutes = Number(context.params.duration_in_minutes);
    record.start_time = isoSeconds(context.now);
    record.end_time = isoSeconds(context.now + minutes * 60_000);
    record.duration_in_minutes = String(minutes);
    record.card_type = pollType(media);
  },
  // A hard delete answers only these fields (the spec's PollCard).
  delete(record) {
    for (const field of Object.keys(record)) if (!KEEP_ON_DELETE.has(field)) delete record[field];
  },
};
