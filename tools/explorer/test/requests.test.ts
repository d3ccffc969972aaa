// Requests from examples and from links, and their URLs as OAuth 1.0a signs them.
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import { describe, expect, it } from "vitest";
import { type Exchange, exampleRequest, followLink, sentFields, setField, urlOf } from "../src/requests.mjs";
import { explorableResources } from "../src/resources.mjs";

const catalogue = loadCatalogue();
const resources = explorableResources(catalogue);
const campaign = resources.find((r) => r.key === "ads:campaign");
const card = resources.find((r) => r.key === "ads:card");

describe("a request from the examples", () => {
  it("sends the required parameters' examples, and the overrides wherever the operation takes them", () => {
    const request = exampleRequest(catalogue.operation("createCampaign"), {
      account_id: "abc",
      entity_status: "PAUSED",
      unknown: 1,
    });
    expect(request.path).toEqual({ account_id: "abc" });
    expect(request.query).toEqual({ funding_instrument_id: "lygyi", name: "demo", entity_status: "PAUSED" });
    expect(request.body).toBeUndefined();
  });

  it("sends a JSON body's example, and sets a field in the query or the body, wherever the operation takes it", () => {
    const request = exampleRequest(catalogue.operation("createCard"));
    expect((request.body as { name: string }).name).toBe("deep link");
    expect(setField(request, "name", "mine")).toBe(true);
    expect((request.body as { name: string }).name).toBe("mine");
    expect(setField(request, "no_such_field", 1)).toBe(false);
    expect(sentFields(request).name).toBe("mine");
    const campaignRequest = exampleRequest(catalogue.operation("createCampaign"));
    expect(setField(campaignRequest, "name", "mine")).toBe(true);
    expect(sentFields(campaignRequest)).toEqual({ funding_instrument_id: "lygyi", name: "mine" });
  });
});

describe("a request a link leads to", () => {
  const created: Exchange = {
    request: exampleRequest(catalogue.operation("createCampaign"), { account_id: "acc1" }),
    answer: { status: 200, headers: {}, body: { data: { id: "c1" } } },
  };

  it("reads the path parameter from the request and the id from the answer", () => {
    const get = campaign?.fromCreate.get;
    if (!get) throw new Error("no link to getCampaign");
    const request = followLink(get, created);
    expect(request?.operation.id).toBe("getCampaign");
    expect(request?.path).toEqual({ account_id: "acc1", campaign_id: "c1" });
  });

  it("reaches nothing from an empty page", () => {
    const first = campaign?.fromList;
    if (!first) throw new Error("no link from listCampaigns");
    const page: Exchange = { ...created, answer: { status: 200, headers: {}, body: { data: [] } } };
    expect(followLink(first, page)).toBeUndefined();
  });

  it("carries the target's required JSON body from its example, and none where it is optional", () => {
    const update = card?.fromCreate.update;
    if (!update) throw new Error("no link to updateCard");
    const request = followLink(update, created);
    expect(request?.body === undefined).toBe(catalogue.operation("updateCard").requestBody?.required !== true);
  });
});

describe("the URL of a request", () => {
  it("fills the path and percent-encodes as RFC 3986 does, spaces as %20", () => {
    const request = exampleRequest(catalogue.operation("createCampaign"), { account_id: "a b" });
    request.query.name = "it's 100% (new)*";
    expect(urlOf("https://ads-api.x.com/", request)).toBe(
      "https://ads-api.x.com/12/accounts/a%20b/campaigns?funding_instrument_id=lygyi&name=it%27s%20100%25%20%28new%29%2A",
    );
  });

  it("joins a comma-separated list into one value", () => {
    const request = exampleRequest(catalogue.operation("listCampaigns"));
    request.query.campaign_ids = ["a", "b"];
    expect(urlOf("http://127.0.0.1:1", request)).toBe(
      "http://127.0.0.1:1/12/accounts/18ce54d4x5t/campaigns?campaign_ids=a%2Cb",
    );
  });
});
