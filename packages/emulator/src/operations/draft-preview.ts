// A draft post's preview (seed 002 section 4.3): a notification to the authenticated user's devices;
// the answer is `{request, message}`. The draft must exist (a hard-deleted one answers 404).
import type { Answer, Call } from "../call.js";
import { findRecord, parentOf } from "../resources/handlers.js";
import { resourceNamed } from "../resources/lookup.js";

export function previewDraftTweet(call: Call): Answer {
  const drafts = resourceNamed("draft_tweet");
  findRecord(call, drafts, call.path.draft_tweet_id ?? "", parentOf(call, drafts));
  const token = call.credential ? call.auth.accessTokens[call.credential] : undefined;
  const user = token?.screenName ?? call.fixture.screenName;
  return {
    status: call.operation.successStatus,
    body: {
      request: { params: { ...call.path } },
      message: `See @${user}'s notifications in the X app to preview your Tweet.`,
    },
  };
}
