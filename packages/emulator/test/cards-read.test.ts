// A card reads back as it was created (issue 28, item 7): every card type's create, read, update and
// delete answer `data` as the one card object, so a client that reads what it created (the official
// Python SDK's `Card.load`, twitter-ads' `data.id`) finds the card where the create put it. Each
// answer also validates against its operation's response schema, strictly.
import { getOperation } from "@xads/validator";
import { describe, expect, it } from "vitest";
import { accountPath, call, newEmulator } from "./helpers.js";

type Emulator = Awaited<ReturnType<typeof newEmulator>>;

/** Calls `method path` and checks the answer against the operation's response schema. */
async function checked(emu: Emulator, operationId: string, method: string, path: string, json?: unknown) {
  const answer = await call(emu, method, accountPath(emu, path), json === undefined ? {} : { json });
  expect(answer.status, `${operationId}: ${answer.text}`).toBe(200);
  const verdict = getOperation(operationId).validateResponse(answer.status, answer.body, { strict: true });
  expect(verdict.valid ? [] : verdict.errors, operationId).toEqual([]);
  return answer.body;
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString().replaceAll("+", "%20");

describe("a card reads back as it was created (issue 28, item 7)", () => {
  it("cards: create, GET, PUT and DELETE each answer data as the card object", async () => {
    const emu = await newEmulator();
    const components = [
      { type: "MEDIA", media_key: "3_1073727809120419840" },
      { type: "DETAILS", title: "Developers", destination: { type: "WEBSITE", url: "https://developer.x.com" } },
    ];
    const created = await checked(emu, "createCard", "POST", "/cards", { name: "read me", components });
    const id = created.data.id as string;
    const read = await checked(emu, "getCard", "GET", `/cards/${id}`);
    expect(Array.isArray(read.data)).toBe(false);
    expect(read.data).toEqual(created.data);

    const updated = await checked(emu, "updateCard", "PUT", `/cards/${id}`, { name: "renamed" });
    expect(updated.data).toMatchObject({ id, name: "renamed", components });

    const deleted = await checked(emu, "deleteCard", "DELETE", `/cards/${id}`);
    expect(deleted.data).toMatchObject({ id, deleted: true });
    const withDeleted = await checked(emu, "getCard", "GET", `/cards/${id}?with_deleted=true`);
    expect(withDeleted.data).toMatchObject({ id, name: "renamed", deleted: true });
  });

  const others: Array<{ kind: string; create: string; get: string; query: Record<string, string> }> = [
    {
      kind: "poll",
      create: "createPollCard",
      get: "getPollCard",
      query: { name: "poll", duration_in_minutes: "60", first_choice: "a", second_choice: "b" },
    },
    {
      kind: "image_conversation",
      create: "createImageConversationCard",
      get: "getImageConversationCard",
      query: {
        name: "image conversation",
        first_cta: "#moon",
        first_cta_tweet: "Moon",
        thank_you_text: "Thanks",
        title: "Moon or Mars?",
        media_key: "3_883112887618682880",
      },
    },
    {
      kind: "video_conversation",
      create: "createVideoConversationCard",
      get: "getVideoConversationCard",
      query: {
        name: "video conversation",
        first_cta: "#apis",
        first_cta_tweet: "APIs",
        thank_you_text: "Thank you",
        title: "Space",
        media_key: "13_958388276489895936",
      },
    },
  ];

  for (const card of others) {
    it(`cards/${card.kind}: the GET answers the object the create answered, and so does cards/all/:card_id`, async () => {
      const emu = await newEmulator();
      const created = await checked(emu, card.create, "POST", `/cards/${card.kind}?${q(card.query)}`);
      const id = created.data.id as string;
      const read = await checked(emu, card.get, "GET", `/cards/${card.kind}/${id}`);
      expect(read.data).toEqual(created.data);
      const any = await checked(emu, "getAnyCard", "GET", `/cards/all/${id}`);
      expect(any.data).toMatchObject({ id, card_uri: created.data.card_uri });
    });
  }
});
