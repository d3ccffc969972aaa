// cards/all (seed 002 section 4.2): any card of the account, whatever endpoint made it, by URI
// (`card_uris`) or by id; deleted cards only with `with_deleted=true`.
import { type Answer, type Call, notFound } from "../call.js";
import { resources } from "../generated/index.js";
import { view } from "../resources/handlers.js";
import type { Data } from "../store/store.js";
import { accountOf } from "./account.js";

const CARD_RESOURCES = resources.filter((r) => r.idParameter === "card_id");

function cardsOf(call: Call): Data[] {
  const accountId = String(accountOf(call).data.id);
  const withDeleted = call.query.with_deleted === true;
  return CARD_RESOURCES.flatMap((resource) =>
    [...call.store.collection(resource.name).values()]
      .filter((r) => r.parentId === accountId && (withDeleted || r.data.deleted !== true))
      .map((r) => view(call, resource, r.data, accountId)),
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
