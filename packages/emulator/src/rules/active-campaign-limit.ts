import { ApiFailure } from "../call.js";
import type { Data } from "../store/store.js";
import type { RuleContext, StateRule } from "./rule.js";

export const ACTIVE_CAMPAIGNS_PER_ACCOUNT = 200;

function check(record: Data, context: RuleContext, previous?: Data) {
  if (record.entity_status !== "ACTIVE" || previous?.entity_status === "ACTIVE") return;
  let active = 0;
  for (const other of context.store.collection("campaign").values()) {
    if (other.parentId === context.parentId && other.data.deleted !== true && other.data.entity_status === "ACTIVE")
      active++;
  }
  if (active >= ACTIVE_CAMPAIGNS_PER_ACCOUNT)
    throw new ApiFailure([
      {
        status: 400,
        code: "TOO_MANY_CAMPAIGNS",
        message: `An account has at most ${ACTIVE_CAMPAIGNS_PER_ACCOUNT} active campaigns`,
        parameter: "entity_status",
      },
    ]);
}

export const activeCampaignLimit: StateRule = {
  implements: ["active-campaign-limit"],
  name: "an account has at most 200 active campaigns; inactive campaigns are unlimited",
  source: "seed 000 section 8 (active campaigns per account)",
  resources: ["campaign"],
  create: (record, context) => check(record, context),
  update: (record, previous, context) => check(record, context, previous),
};
