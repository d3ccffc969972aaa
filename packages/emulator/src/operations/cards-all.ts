// cards/all (seed 002 section 4.2): any card of the account, whatever endpoint made it, by URI
// (`card_uris`) or by id; deleted cards only with `with_deleted=true`. The answer is the flat shape of
// the card fetch endpoints (the spec's LegacyCard), not each card endpoint's own record: a component
// card's `components` become the flat fields the reference's examples show (title and website fields
// from DETAILS, app fields from BUTTON, the video's media key), and fields the flat shape does not
// list (a poll's choices, a conversation card's calls to action) are left out.
import { type Answer, type Call, notFound } from "../call.js";
import { resources } from "../generated/index.js";
import { view } from "../resources/handlers.js";
import type { Data } from "../store/store.js";
import { accountOf } from "./account.js";

const CARD_RESOURCES = resources.filter((r) => r.idParameter === "card_id");

/** The fields of the spec's LegacyCard (the flat shape of cards/all). */
const FLAT_FIELDS = new Set([
  "id",
  "name",
  "card_uri",
  "card_type",
  "title",
  "app_cta",
  "country_code",
  "googleplay_app_id",
  "wide_app_image",
  "image_display_width",
  "image_display_height",
  "website_url",
  "website_dest_url",
  "website_display_url",
  "website_shortened_url",
  "video_url",
  "video_hls_url",
  "video_width",
  "video_height",
  "video_owner_id",
  "video_content_id",
  "video_poster_url",
  "video_poster_width",
  "video_poster_height",
  "content_duration_seconds",
  "created_at",
  "updated_at",
  "deleted",
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The flat fields a component card's components stand for. */
function fromComponents(components: unknown): Data {
  const out: Data = {};
  for (const component of Array.isArray(components) ? components : []) {
    if (!isObject(component)) continue;
    const destination = isObject(component.destination) ? component.destination : {};
    if (component.type === "DETAILS") {
      if (typeof component.title === "string") out.title = component.title;
      if (typeof destination.url === "string") {
        out.website_url = destination.url;
        out.website_dest_url = destination.url;
        try {
          out.website_display_url = new URL(destination.url).host;
        } catch {
          // Not an absolute URL: no display form.
        }
      }
    } else if (component.type === "BUTTON") {
      const label = isObject(component.label) ? component.label : {};
      if (typeof label.value === "string") out.app_cta = label.value;
      if (typeof destination.country_code === "string") out.country_code = destination.country_code;
      if (typeof destination.googleplay_app_id === "string") out.googleplay_app_id = destination.googleplay_app_id;
    } else if (component.type === "MEDIA" && typeof component.media_key === "string") {
      if (/^(7|13)_/.test(component.media_key)) out.video_content_id = component.media_key;
    }
  }
  return out;
}

/** A card in the flat shape: the fields it has that the flat shape lists, and its components' flat fields. */
function flat(card: Data): Data {
  const out: Data = fromComponents(card.components);
  for (const [field, value] of Object.entries(card)) {
    if (FLAT_FIELDS.has(field) && value !== null && value !== undefined) out[field] = value;
  }
  return out;
}

function cardsOf(call: Call): Data[] {
  const accountId = String(accountOf(call).data.id);
  const withDeleted = call.query.with_deleted === true;
  return CARD_RESOURCES.flatMap((resource) =>
    [...call.store.collection(resource.name).values()]
      .filter((r) => r.parentId === accountId && (withDeleted || r.data.deleted !== true))
      .map((r) => flat(view(call, resource, r.data, accountId))),
  );
}

const request = (call: Call) => ({ params: { ...call.path, ...call.query } });

export function listAllCards(call: Call): Answer {
  const uris = Array.isArray(call.query.card_uris) ? call.query.card_uris : [];
  const data = cardsOf(call).filter((card) => uris.includes(card.card_uri));
  return { status: call.operation.successStatus, body: { request: request(call), data } };
}

export function getAnyCard(call: Call): Answer {
  const card = cardsOf(call).find((c) => c.id === call.path.card_id);
  if (!card) throw notFound("CARD_NOT_FOUND", `card ${call.path.card_id} was not found`);
  return { status: call.operation.successStatus, body: { request: request(call), data: card } };
}
