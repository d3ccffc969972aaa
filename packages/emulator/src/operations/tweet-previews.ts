// Post previews (seed 002 section 4.9): GET tweet_previews renders the posts named in `tweet_ids` as
// HTML holding an iframe; draft and scheduled posts are previewable as well as published ones. A
// DRAFT or SCHEDULED preview covers the account's own draft or scheduled posts among the ids (ids of
// another kind are left out, as the spec says); published posts are not stored by the emulator, so a
// PUBLISHED preview renders each id asked for. Not paged.
import { base64Url, utf8Bytes } from "../bytes.js";
import type { Answer, Call } from "../call.js";
import { accountOf } from "./account.js";

const STORED: Record<string, string> = { DRAFT: "draft_tweet", SCHEDULED: "scheduled_tweet" };

function preview(id: string, type: string): string {
  const data = base64Url(utf8Bytes(JSON.stringify({ tweet_id: id, tweet_type: type })));
  return `<iframe class='tweet-preview' src='https://ton.twimg.com/ads-manager/tweet-preview/index.html?data=${data}'>`;
}

export function listTweetPreviews(call: Call): Answer {
  const accountId = String(accountOf(call).data.id);
  const ids = Array.isArray(call.query.tweet_ids) ? call.query.tweet_ids.map(String) : [];
  const type = String(call.query.tweet_type ?? "");
  const stored = STORED[type];
  const shown = stored
    ? ids.filter((id) => {
        const record = call.store.get(stored, id);
        return record !== undefined && record.parentId === accountId && record.data.deleted !== true;
      })
    : ids;
  return {
    status: call.operation.successStatus,
    body: {
      request: { params: { ...call.path, ...call.query } },
      data: shown.map((id) => ({ tweet_id: id, preview: preview(id, type) })),
    },
  };
}
