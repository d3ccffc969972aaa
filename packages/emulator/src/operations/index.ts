// Operations whose behaviour is written by hand, by operationId: the `custom` actions of
// x-xads-resource, and the upload host (whose media ids no x-xads-resource describes).
import type { Answer, Call } from "../call.js";
import { getMediaUploadCommandStatus, uploadMedia } from "../upload/chunked.js";
import { appendMediaUpload, finalizeMediaUpload, getMediaUploadStatus, initializeMediaUpload } from "../upload/v2.js";
import { getAnyCard, listAllCards } from "./cards-all.js";
import { previewDraftTweet } from "./draft-preview.js";
import { addAccountFeatures, listAccountFeatures, removeAccountFeatures } from "./features.js";
import { listTweetPreviews } from "./tweet-previews.js";

export const customHandlers: Readonly<Record<string, (call: Call) => Answer>> = {
  listAccountFeatures,
  addAccountFeatures,
  removeAccountFeatures,
  listAllCards,
  getAnyCard,
  previewDraftTweet,
  listTweetPreviews,
  uploadMedia,
  getMediaUploadCommandStatus,
  initializeMediaUpload,
  appendMediaUpload,
  finalizeMediaUpload,
  getMediaUploadStatus,
};
