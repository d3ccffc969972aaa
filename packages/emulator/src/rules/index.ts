// The hand-written state rules, in the order they run. Each declares the registry ids it implements
// (spec/workflows/state-rules.yaml) and names its seed section.
import { activeCampaignLimit } from "./active-campaign-limit.js";
import { amplifyVideoPreroll } from "./amplify-video-preroll.js";
import { audiencePermissionOwner } from "./audience-permission-owner.js";
import { audiencesShared } from "./audiences-shared.js";
import { cardType } from "./card-type.js";
import { cardUri } from "./card-uri.js";
import { customAudienceCreated } from "./custom-audience-created.js";
import { customAudienceNameUnique } from "./custom-audience-name-unique.js";
import { doNotReachOnePerAccount } from "./do-not-reach-one-per-account.js";
import { flexibleAudienceImmutable } from "./flexible-audience-immutable.js";
import { fundingInstrumentDeleted } from "./funding-instrument-deleted.js";
import { hardDeleteStatus } from "./hard-delete-status.js";
import { lineItemOfCampaign } from "./line-item-of-campaign.js";
import { lineItemsShareType } from "./line-items-share-type.js";
import { mediaFromUpload } from "./media-from-upload.js";
import { pausedNotServable } from "./paused-not-servable.js";
import { pollCard } from "./poll-card.js";
import { postAuthor } from "./post-author.js";
import type { StateRule } from "./rule.js";
import { scheduledPost } from "./scheduled-post.js";

export type { RuleContext, StateRule } from "./rule.js";

/** The rule modules by name (their file names), in the order they run. */
export const stateRules = {
  "line-item-of-campaign": lineItemOfCampaign,
  "line-items-share-type": lineItemsShareType,
  "paused-not-servable": pausedNotServable,
  "active-campaign-limit": activeCampaignLimit,
  "funding-instrument-deleted": fundingInstrumentDeleted,
  "custom-audience-name-unique": customAudienceNameUnique,
  "flexible-audience-immutable": flexibleAudienceImmutable,
  "custom-audience-created": customAudienceCreated,
  "audience-permission-owner": audiencePermissionOwner,
  "audiences-shared": audiencesShared,
  "do-not-reach-one-per-account": doNotReachOnePerAccount,
  "card-uri": cardUri,
  "card-type": cardType,
  "poll-card": pollCard,
  "post-author": postAuthor,
  "hard-delete-status": hardDeleteStatus,
  "media-from-upload": mediaFromUpload,
  "amplify-video-preroll": amplifyVideoPreroll,
  "scheduled-post": scheduledPost,
} as const satisfies Record<string, StateRule>;

/** A rule module's name (its file name). */
export type StateRuleModule = keyof typeof stateRules;

/** Each rule module's registry ids (spec/workflows/state-rules.yaml), as it declares them. */
export const stateRuleImplementations: Readonly<Record<StateRuleModule, readonly string[]>> = Object.fromEntries(
  Object.entries(stateRules).map(([name, rule]) => [name, rule.implements]),
) as Record<StateRuleModule, readonly string[]>;

/** The registry ids the rule modules implement, in the order they run: `createEmulator({ disabledRules })` takes them. */
export const stateRuleIds: readonly string[] = [...new Set(Object.values(stateRuleImplementations).flat())];

/**
 * The rules of each resource, without the ones disabled: a registry id switches off every module that
 * declares it (a module that implements two ids goes off whole). An id no module declares throws,
 * naming the option.
 */
export function ruleSet(disabled: readonly string[] = []): (resource: string) => readonly StateRule[] {
  const unknown = disabled.filter((id) => !stateRuleIds.includes(id));
  if (unknown.length > 0) {
    throw new RangeError(
      `disabledRules: no state rule module implements ${unknown.map((id) => JSON.stringify(id)).join(", ")} (the ids of spec/workflows/state-rules.yaml they implement: ${stateRuleIds.join(", ")})`,
    );
  }
  const active = Object.values(stateRules)
    .filter((rule: StateRule) => !rule.implements.some((id) => disabled.includes(id)))
    .map((rule) => rule as StateRule);
  const byResource = new Map<string, readonly StateRule[]>();
  return (resource) => {
    let rules = byResource.get(resource);
    if (!rules) {
      rules = active.filter((rule) => rule.resources.includes(resource));
      byResource.set(resource, rules);
    }
    return rules;
  };
}
