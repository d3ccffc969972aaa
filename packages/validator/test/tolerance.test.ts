// Responses are read tolerantly: an enum value or a length the documents do not know is a warning with
// its place, not a failure, unless the caller asks for strict validation. Requests stay strict.
import { describe, expect, it } from "vitest";
import { getOperation, isValidResponse, validateRequest, validateResponse } from "../src/index.js";

const campaign = {
  id: "8wku2",
  name: "demo",
  funding_instrument_id: "lygyi",
  entity_status: "ACTIVE",
  created_at: "2026-01-05T17:22:56Z",
  updated_at: "2026-01-05T17:22:56Z",
  deleted: false,
};
const page = (record: Record<string, unknown>) => ({ request: { params: {} }, next_cursor: null, data: [record] });

/** A getCard answer (the spec's example) whose second component is `component`. */
function card(component: Record<string, unknown>) {
  return {
    request: { params: { account_id: "18ce54d4x5t", card_id: "1321554298900107264" } },
    data: {
      name: "deep link",
      components: [
        { type: "SWIPEABLE_MEDIA", media_keys: ["3_1073727809120419840", "3_1075096386931052545"] },
        component,
      ],
      created_at: "2020-10-28T20:47:52Z",
      card_uri: "card://1321554298900107264",
      id: "1321554298900107264",
      updated_at: "2020-10-28T20:47:52Z",
      deleted: false,
      card_type: "IMAGE_CAROUSEL_APP",
    },
  };
}

describe("a response the API may send tomorrow", () => {
  it("an enum value the documents lack is a warning naming its place; strict fails it", () => {
    const body = page({ ...campaign, entity_status: "ARCHIVED" });
    const result = validateResponse("listCampaigns", 200, body);
    expect(result).toMatchObject({ valid: true, body });
    expect(result.valid && result.warnings?.map((w) => [w.parameter, w.message.includes("(enum)")])).toEqual([
      ["data[0].entity_status", true],
    ]);
    expect(validateResponse("listCampaigns", 200, body, { strict: true }).valid).toBe(false);
    expect(isValidResponse("listCampaigns", 200, body)).toBe(true);
    expect(isValidResponse("listCampaigns", 200, body, { strict: true })).toBe(false);
  });

  it("a length past a request bound is a warning", () => {
    const result = validateResponse("listCampaigns", 200, page({ ...campaign, name: "n".repeat(300) }));
    expect(result.valid && result.warnings?.map((w) => w.parameter)).toEqual(["data[0].name"]);
  });

  it("a card component of a type the documents lack is a warning at its discriminator", () => {
    const result = validateResponse("getCard", 200, card({ type: "POLL_OPTIONS", options: ["a", "b"] }));
    expect(result.valid).toBe(true);
    expect(result.valid && result.warnings?.some((w) => w.parameter === "data.components[1].type")).toBe(true);
  });

  it("a wrong type, a missing field or a bad timestamp still fails, also beside a tolerated breach", () => {
    for (const record of [
      { ...campaign, deleted: "no" },
      { ...campaign, id: undefined },
      { ...campaign, created_at: "yesterday" },
      { ...campaign, entity_status: "ARCHIVED", deleted: "no" },
    ]) {
      expect(validateResponse("listCampaigns", 200, page(record)).valid).toBe(false);
    }
    // Inside the branch a discriminator picks, a wrong type is a failure, not a new value.
    const button = { type: "BUTTON", label: { type: "ENUM", value: 7 }, destination: { type: "APP" } };
    expect(validateResponse("getCard", 200, card(button)).valid).toBe(false);
  });

  it("requests stay strict", () => {
    const result = validateRequest("updateCampaign", {
      path: { account_id: "18ce54d4x5t", campaign_id: "8wku2" },
      query: "entity_status=ARCHIVED",
    });
    expect(result.valid).toBe(false);
  });

  it("too many errors to judge is a failure", () => {
    const records = Array.from({ length: 50 }, () => ({ ...campaign, entity_status: "ARCHIVED" }));
    const body = { request: { params: {} }, next_cursor: null, data: records };
    expect(getOperation("listCampaigns").validateResponse(200, body).valid).toBe(true);
    expect(getOperation("listCampaigns").validateResponse(200, body, { maxErrors: 10 }).valid).toBe(false);
  });
});

describe("the API's other error statuses", () => {
  it.each([
    [405, "METHOD_NOT_ALLOWED"],
    [408, "CANCELLED_REQUEST"],
    [423, "LOCK_ACQUISITION_TIMEOUT"],
    [500, "INTERNAL_ERROR"],
  ])("%i %s is documented in the ads error body on every ads operation", (status, code) => {
    const body = { errors: [{ code, message: "m" }], request: { params: {} } };
    for (const id of ["getCampaign", "createLineItem", "batchCampaigns", "listTailoredAudiencePermissions"] as const) {
      expect([id, getOperation(id).validateResponse(status, body).valid]).toEqual([id, true]);
      expect(getOperation(id).validateResponse(status, { error: code }).valid).toBe(false);
    }
  });

  it("a 404 may be an HTML page; other errors are JSON", () => {
    const page = "<!DOCTYPE html><html><body>Not found</body></html>";
    expect(validateResponse("getCampaign", 404, page)).toEqual({ valid: true, body: page });
    expect(validateResponse("getCampaign", 500, page).valid).toBe(false);
  });
});

describe("the empty value clears an optional field on an update", () => {
  const lineItem = { account_id: "18ce54d4x5t", line_item_id: "ml5vs" };
  it.each([
    [
      "updateLineItem",
      lineItem,
      "end_time=&total_budget_amount_local_micro=&bid_amount_local_micro=&frequency_cap=&advertiser_domain=&categories=",
    ],
    [
      "updateCampaign",
      { account_id: "18ce54d4x5t", campaign_id: "8wku2" },
      "daily_budget_amount_local_micro=&total_budget_amount_local_micro=&standard_delivery=",
    ],
    ["updateDraftTweet", { account_id: "18ce54d4x5t", draft_tweet_id: "1142048306194862080" }, "media_keys=&card_uri="],
    [
      "updateScheduledTweet",
      { account_id: "18ce54d4x5t", scheduled_tweet_id: "1142048306194862080" },
      "media_keys=&card_uri=",
    ],
  ] as const)("%s accepts %s", (id, path, query) => {
    expect(getOperation(id).validateRequest({ path, query })).toMatchObject({ valid: true });
  });

  it("values are still read and checked as before", () => {
    const update = getOperation("updateLineItem");
    expect(
      update.validateRequest({ path: lineItem, query: "categories=IAB7,IAB8&total_budget_amount_local_micro=5" }),
    ).toMatchObject({ valid: true });
    expect(update.validateRequest({ path: lineItem, query: "total_budget_amount_local_micro=x" }).valid).toBe(false);
    expect(update.validateRequest({ path: lineItem, query: "end_time=tomorrow" }).valid).toBe(false);
  });

  it("only where clearing is allowed: not a name, not on a create", () => {
    expect(getOperation("updateLineItem").validateRequest({ path: lineItem, query: "name=" }).valid).toBe(false);
    const create = getOperation("createLineItem").validateRequest({
      path: { account_id: "18ce54d4x5t" },
      query: "campaign_id=8wku2&objective=ENGAGEMENTS&product_type=PROMOTED_TWEETS&placements=ALL_ON_TWITTER&end_time=",
    });
    expect(create.valid).toBe(false);
  });
});
