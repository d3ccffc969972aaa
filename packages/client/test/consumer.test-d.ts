import type { Ads, Upload } from "@xads/types";
import type { MediaCategory as FactsMediaCategory, listPaths } from "@xads/types/facts";
import { describe, expectTypeOf, it } from "vitest";
import {
  ADS_SANDBOX_BASE_URL,
  createAdsClient,
  createAuthClient,
  createTailoredAudiencesClient,
  createUploadClient,
  type ListPath,
  type MediaCategory,
  paginate,
  type RateLimitState,
  type SignedOAuth1,
  signOAuth1,
  type UploadedMedia,
  XAdsApiError,
} from "../src/index.js";

type IsAny<T> = 0 extends 1 & T ? true : false;

describe("a consumer program under strict", () => {
  const ads = createAdsClient({
    baseUrl: ADS_SANDBOX_BASE_URL,
    oauth1: { consumerKey: "k", consumerSecret: "s", token: "t", tokenSecret: "ts" },
  });

  it("types requests and answers from the document's paths", async () => {
    const { data, error } = await ads.GET("/12/accounts/{account_id}", {
      params: { path: { account_id: "18ce54d4x5t" } },
    });
    if (data) {
      expectTypeOf<NonNullable<typeof data.data>>().toEqualTypeOf<Ads.components["schemas"]["Account"]>();
      expectTypeOf<IsAny<typeof data>>().toEqualTypeOf<false>();
    }
    if (error) expectTypeOf<IsAny<typeof error>>().toEqualTypeOf<false>();
    // @ts-expect-error: the path parameter is required
    await ads.GET("/12/accounts/{account_id}", {});
    // @ts-expect-error: not a path of the document
    await ads.GET("/12/nope");
    expectTypeOf(ads.rateLimit).toEqualTypeOf<RateLimitState | undefined>();
  });

  it("yields typed records from paginate", async () => {
    for await (const account of paginate(ads, "/12/accounts", { params: { query: { count: 100 } }, limit: 10 })) {
      expectTypeOf(account).toEqualTypeOf<Ads.components["schemas"]["Account"]>();
      expectTypeOf<IsAny<typeof account>>().toEqualTypeOf<false>();
    }
    // @ts-expect-error: a single-record path is not a list
    paginate(ads, "/12/accounts/{account_id}", { params: { path: { account_id: "x" } } });
  });

  it("keeps the helpers free of any", async () => {
    const auth = createAuthClient({ oauth1: { consumerKey: "k", consumerSecret: "s" } });
    const token = await auth.requestToken({ callback: "oob" });
    expectTypeOf(token.oauthToken).toEqualTypeOf<string>();
    expectTypeOf(await auth.bearerToken()).toEqualTypeOf<string>();
    const signed = signOAuth1({
      method: "GET",
      url: "https://ads-api.x.com/12/accounts",
      consumerKey: "k",
      consumerSecret: "s",
    });
    expectTypeOf(signed).toEqualTypeOf<SignedOAuth1>();
    const uploaded = await createUploadClient().uploadMedia({ media: new Uint8Array(1), mediaType: "image/png" });
    expectTypeOf(uploaded).toEqualTypeOf<UploadedMedia>();
    expectTypeOf(createTailoredAudiencesClient().baseUrl).toEqualTypeOf<string>();
    const error = new XAdsApiError({ status: 500, method: "GET", path: "/" });
    expectTypeOf<IsAny<typeof error.errors>>().toEqualTypeOf<false>();
    expectTypeOf<IsAny<typeof error.body>>().toEqualTypeOf<false>();
    expectTypeOf(error.status).toEqualTypeOf<number>();
  });

  it("takes the spec's facts: list paths, media categories", () => {
    // paginate's list paths, read from the types, are the list paths the facts read from the spec.
    expectTypeOf<ListPath<Ads.paths>>().toEqualTypeOf<(typeof listPaths)["ads"][number]>();
    expectTypeOf<MediaCategory>().toEqualTypeOf<FactsMediaCategory>();
    expectTypeOf<MediaCategory>().toEqualTypeOf<Upload.components["schemas"]["MediaCategory"]>();
  });
});
