import type { Data } from "../store/store.js";
import type { StateRule } from "./rule.js";

const REASON = "PAUSED_BY_ADVERTISER";

function reflectStatus(record: Data) {
  if (!Array.isArray(record.reasons_not_servable)) return;
  const others = record.reasons_not_servable.filter((r) => r !== REASON);
  record.reasons_not_servable = record.entity_status === "PAUSED" ? [REASON, ...others] : others;
}

export const pausedNotServable: StateRule = {
  implements: ["entity-status-transitions"],
  name: "entity_status moves between ACTIVE and PAUSED; a paused campaign is not servable (PAUSED_BY_ADVERTISER)",
  source: "seed 000 section 3 (campaign entity_status) and section 2.5",
  resources: ["campaign"],
  create: reflectStatus,
  update: reflectStatus,
};
