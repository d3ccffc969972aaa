import type { Data } from "../store/store.js";
import { kindOfKey } from "../upload/uploads.js";
import type { StateRule } from "./rule.js";

type Component = { type?: unknown; media_key?: unknown; media_keys?: unknown };

/** IMAGE or VIDEO by the media key's prefix, as the emulator mints them (a GIF shows as an image). */
function mediaKind(key: unknown): "IMAGE" | "VIDEO" | undefined {
  if (typeof key !== "string") return undefined;
  const kind = kindOfKey(key);
  return kind === "GIF" ? "IMAGE" : kind;
}

/**
 * The card's type from its media component (one MEDIA, or a SWIPEABLE_MEDIA carousel) and its
 * description component (DETAILS: a website; BUTTON: an app), as the CardType values name them;
 * undefined when the components do not say (the type then stays as it was).
 */
export function cardTypeOf(components: unknown): string | undefined {
  if (!Array.isArray(components)) return undefined;
  const parts = components as Component[];
  const description = parts.find((c) => c.type === "DETAILS" || c.type === "BUTTON");
  const destination = description?.type === "DETAILS" ? "WEBSITE" : description?.type === "BUTTON" ? "APP" : undefined;
  if (!destination) return undefined;
  const single = parts.find((c) => c.type === "MEDIA");
  if (single) {
    const kind = mediaKind(single.media_key);
    return kind && `${kind}_${destination}`;
  }
  const carousel = parts.find((c) => c.type === "SWIPEABLE_MEDIA");
  if (!carousel || !Array.isArray(carousel.media_keys)) return undefined;
  const kinds = new Set(carousel.media_keys.map((key) => mediaKind(key)));
  if (kinds.has(undefined)) return undefined;
  if (kinds.size > 1) return `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${destination}`;
  return `${[...kinds][0]}_CAROUSEL_${destination}`;
}

function derive(record: Data) {
  const type = cardTypeOf(record.components);
  if (type) record.card_type = type;
}

export const cardType: StateRule = {
  implements: ["card-type-from-components"],
  name: "a card's card_type is derived from its components and destination",
  source: "spec (CardType); seed 002 section 4.2",
  resources: ["card"],
  create: derive,
  update: (record) => derive(record),
};
