// The hand-written state rules, in the order they run. Each names its seed section.
import { activeCampaignLimit } from "./active-campaign-limit.js";
import { amplifyVideoPreroll } from "./amplify-video-preroll.js";
import { audiencePermissionOwner } from "./audience-permission-owner.js";
import { audiencesShared } from "./audiences-shared.js";
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

export const stateRules: readonly StateRule[] = [
  lineItemOfCampaign,
  lineItemsShareType,
  pausedNotServable,
  activeCampaignLimit,
  fundingInstrumentDeleted,
  customAudienceNameUnique,
  flexibleAudienceImmutable,
  customAudienceCreated,
  audiencePermissionOwner,
  audiencesShared,
  doNotReachOnePerAccount,
  cardUri,
  pollCard,
  postAuthor,
  hardDeleteStatus,
  mediaFromUpload,
  amplifyVideoPreroll,
  scheduledPost,
];

export const rulesFor = (resource: string) => stateRules.filter((rule) => rule.resources.includes(resource));
