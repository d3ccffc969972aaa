import type { StateRule } from "./rule.js";

export const hardDeleteStatus: StateRule = {
  implements: ["draft-poll-hard-delete"],
  name: "a draft or scheduled post is removed for good; the delete answer carries the DELETED status",
  source: "seed 002 section 3 (draft post exists -> removed permanently), section 7 (1)",
  resources: ["draft_tweet", "scheduled_tweet"],
  delete(record) {
    if ("scheduled_status" in record) record.scheduled_status = "DELETED";
    else record.status = "DELETED";
  },
};
