// A consumer's flow through the client against @xads/emulator, which checks OAuth 1.0a signatures
// strictly and keeps what it is sent: the three-legged flow, then campaign management (funding
// instrument -> campaign -> line item -> paging -> delete), an audience with its users and a
// permission, in-process (the emulator's fetch) and served (its ports over HTTP); then a chunked
// upload -> STATUS -> media library -> account media, served.
import { createEmulator, type Emulator } from "@xads/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADS_SANDBOX_BASE_URL,
  createAdsClient,
  createAuthClient,
  createUploadClient,
  paginate,
  sendUserBatch,
} from "../src/index.js";

let emulator: Emulator;
let served: Awaited<ReturnType<Emulator["listen"]>>;
beforeAll(async () => {
  emulator = await createEmulator({ auth: "strict", rateLimits: true });
  served = await emulator.listen();
});
afterAll(() => served?.close());

/** Where the client sends: the production hosts through the emulator's fetch, or its served ports. */
const modes = [
  ["in-process", () => ({ fetch: emulator.fetch.bind(emulator) })],
  ["served", () => ({ baseUrl: served.urls.ads })],
] as const;

describe.each(modes)("a consumer's flow, %s", (mode, target) => {
  it("signs in with the three-legged flow and uses the token it gets", async () => {
    emulator.reset();
    const { consumerKey, consumerSecret } = emulator.fixture;
    const auth = createAuthClient({
      ...(mode === "served" ? { baseUrl: served.urls.auth } : target()),
      oauth1: { consumerKey, consumerSecret },
    });
    const requestToken = await auth.requestToken({ callback: "https://client.example.com/callback" });
    const page = await emulator.fetch(auth.authorizeUrl({ oauthToken: requestToken.oauthToken }));
    const callback = new URL(page.headers.get("x-xads-emulator-callback") ?? "");
    const verifier = callback.searchParams.get("oauth_verifier") ?? "";
    const access = await auth.accessToken({
      oauthToken: requestToken.oauthToken,
      oauthTokenSecret: requestToken.oauthTokenSecret,
      verifier,
    });
    const ads = createAdsClient({
      ...target(),
      oauth1: { consumerKey, consumerSecret, token: access.oauthToken, tokenSecret: access.oauthTokenSecret },
    });
    const accounts = await ads.GET("/12/accounts");
    expect(accounts.response.status).toBe(200);
    // A wrong secret is refused: the emulator checks every signature.
    const forged = createAdsClient({
      ...target(),
      oauth1: { consumerKey, consumerSecret: "wrong", token: access.oauthToken, tokenSecret: access.oauthTokenSecret },
    });
    expect((await forged.GET("/12/accounts")).response.status).toBe(401);
  });

  it("creates a campaign and its line items, pages them to the end, and deletes", async () => {
    emulator.reset();
    const { consumerKey, consumerSecret, token, tokenSecret, accountId } = emulator.fixture;
    // Funding instruments are created on the sandbox host only (the production host does not serve it).
    const sandbox = mode === "in-process" ? { baseUrl: ADS_SANDBOX_BASE_URL } : {};
    const ads = createAdsClient({
      ...target(),
      ...sandbox,
      oauth1: { consumerKey, consumerSecret, token, tokenSecret },
    });
    const account = { account_id: accountId };
    const funding = await ads.POST("/12/accounts/{account_id}/funding_instruments", {
      params: {
        path: account,
        query: { currency: "USD", start_time: "2026-01-01", type: "INSERTION_ORDER", credit_limit_local_micro: 1e9 },
      },
    });
    expect(funding.response.status, JSON.stringify(funding.error)).toBe(200);
    const fundingId = String(funding.data?.data.id);
    const campaign = await ads.POST("/12/accounts/{account_id}/campaigns", {
      params: {
        path: account,
        query: { funding_instrument_id: fundingId, name: "flow", daily_budget_amount_local_micro: 5_000_000 },
      },
    });
    expect(campaign.response.status, JSON.stringify(campaign.error)).toBe(200);
    const campaignId = String(campaign.data?.data.id);
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      const lineItem = await ads.POST("/12/accounts/{account_id}/line_items", {
        params: {
          path: account,
          query: {
            campaign_id: campaignId,
            objective: "ENGAGEMENTS",
            product_type: "PROMOTED_TWEETS",
            placements: ["ALL_ON_TWITTER"],
            bid_amount_local_micro: 1_000_000,
            name: `line item ${i}`,
          },
        },
      });
      expect(lineItem.response.status, JSON.stringify(lineItem.error)).toBe(200);
      created.push(String(lineItem.data?.data.id));
    }
    const paged: string[] = [];
    for await (const lineItem of paginate(ads, "/12/accounts/{account_id}/line_items", {
      params: { path: account, query: { count: 2, campaign_ids: [campaignId] } },
    })) {
      paged.push(lineItem.id);
    }
    expect(paged).toEqual(created);
    const deleted = await ads.DELETE("/12/accounts/{account_id}/campaigns/{campaign_id}", {
      params: { path: { ...account, campaign_id: campaignId } },
    });
    expect(deleted.data?.data.deleted).toBe(true);
    const read = await ads.GET("/12/accounts/{account_id}/campaigns/{campaign_id}", {
      params: { path: { ...account, campaign_id: campaignId } },
    });
    expect(read.response.status).toBe(404);
  });

  it("creates an audience, sends its users and grants a permission", async () => {
    emulator.reset();
    const { consumerKey, consumerSecret, token, tokenSecret, accountId } = emulator.fixture;
    const ads = createAdsClient({ ...target(), oauth1: { consumerKey, consumerSecret, token, tokenSecret } });
    const audience = await ads.POST("/12/accounts/{account_id}/custom_audiences", {
      params: { path: { account_id: accountId }, query: { name: `flow audience ${mode}` } },
    });
    expect(audience.response.status, JSON.stringify(audience.error)).toBe(200);
    const audienceId = String(audience.data?.data.id);
    const email = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";
    const result = await sendUserBatch(
      ads,
      "/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/users",
      [{ operation_type: "Update", params: { users: [{ email: [email] }, { email: [email] }] } }],
      { pathParams: { account_id: accountId, custom_audience_id: audienceId } },
    );
    expect([result.successCount, result.totalCount]).toEqual([2, 2]);
    const permission = await ads.POST("/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/permissions", {
      params: {
        path: { account_id: accountId, custom_audience_id: audienceId },
        query: { granted_account_id: "5gvhl", permission_level: "READ_ONLY" },
      },
    });
    expect(permission.response.status, JSON.stringify(permission.error)).toBe(200);
  });
});

// Served only: processing moves on the emulator's real-time clock, so the client waits its
// `check_after_secs` (about 10 s) for real; the in-process path runs in the README examples test.
describe("a consumer's upload, served", () => {
  it("uploads a video in chunks, waits for processing, and uses it as media library object and PREROLL account media", async () => {
    emulator.reset();
    const { consumerKey, consumerSecret, token, tokenSecret, accountId } = emulator.fixture;
    const oauth1 = { consumerKey, consumerSecret, token, tokenSecret };
    const upload = createUploadClient({ baseUrl: served.urls.upload, oauth1 });
    const phases = new Set<string>();
    const media = await upload.uploadMedia({
      media: new Uint8Array(3 * 1024 * 1024 + 17),
      mediaType: "video/mp4",
      mediaCategory: "amplify_video",
      chunkSize: 1024 * 1024,
      onProgress: ({ phase }) => phases.add(phase),
    });
    expect(media.processingInfo?.state).toBe("succeeded");
    expect([...phases]).toEqual(["upload", "processing"]);
    const mediaKey = String(media.mediaKey);

    const ads = createAdsClient({ baseUrl: served.urls.ads, oauth1 });
    const library = await ads.POST("/12/accounts/{account_id}/media_library", {
      params: {
        path: { account_id: accountId },
        query: { media_key: mediaKey, media_category: "AMPLIFY_VIDEO", name: "flow video" },
      },
    });
    expect(library.response.status, JSON.stringify(library.error)).toBe(200);
    expect(library.data?.data.media_key).toBe(mediaKey);
    const preroll = await ads.GET("/12/accounts/{account_id}/account_media", {
      params: { path: { account_id: accountId }, query: { creative_types: ["PREROLL"] } },
    });
    expect(preroll.response.status, JSON.stringify(preroll.error)).toBe(200);
    expect(preroll.data?.data.some((item) => item.video_id === mediaKey && item.creative_type === "PREROLL")).toBe(
      true,
    );
  });
});
