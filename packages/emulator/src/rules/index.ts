// The hand-written state rules, in the order they run. Each names its seed section.
import { activeCampaignLimit } from "./active-campaign-limit.js";
import { fundingInstrumentDeleted } from "./funding-instrument-deleted.js";
import { lineItemOfCampaign } from "./line-item-of-campaign.js";
import { lineItemsShareType } from "./line-items-share-type.js";
import { pausedNotServable } from "./paused-not-servable.js";
import type { StateRule } from "./rule.js";

export type { RuleContext, StateRule } from "./rule.js";

export const stateRules: readonly StateRule[] = [
  lineItemOfCampaign,
  lineItemsShareType,
  pausedNotServable,
  activeCampaignLimit,
  fundingInstrumentDeleted,
];

export const rulesFor = (resource: string) => stateRules.filter((rule) => rule.resources.includes(resource));
