import type { StateRule } from "./rule.js";

export const cardUri: StateRule = {
  implements: ["card-uri-shape"],
  name: "a card's card_uri is card://<card_id>",
  source: "seed 002 section 2 (Card: card_uri)",
  resources: ["card", "image_conversation_card", "video_conversation_card", "poll_card"],
  create(record) {
    if ("card_uri" in record || record.card_uri === undefined) record.card_uri = `card://${String(record.id)}`;
  },
};
