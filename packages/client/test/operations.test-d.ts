// Named operations type exactly as the path calls they stand for: the same `init` (params, body), the
// same `{ data, error }`, and only with the client of their document.
import type { Ads } from "@xads/types";
import type { MaybeOptionalInit } from "openapi-fetch";
import { describe, expectTypeOf, it } from "vitest";
import { createAdsClient, createAuthClient, createTailoredAudiencesClient, createUploadClient } from "../src/index.js";
import {
  call,
  createBearerToken,
  createCampaign,
  getAccount,
  getMediaUploadCommandStatus,
  listAccounts,
  listCampaigns,
  listTailoredAudiencePermissions,
  type OperationInit,
  type OperationResult,
} from "../src/operations.js";

type IsAny<T> = 0 extends 1 & T ? true : false;

describe("call", () => {
  const ads = createAdsClient({ bearer: "b" });
  const account_id = "18ce54d4x5t";

  it("resolves to what the path call resolves to", async () => {
    const named = await call(ads, listCampaigns, { params: { path: { account_id }, query: { count: 10 } } });
    const byPath = await ads.GET("/12/accounts/{account_id}/campaigns", {
      params: { path: { account_id }, query: { count: 10 } },
    });
    expectTypeOf(named.data).toEqualTypeOf(byPath.data);
    expectTypeOf(named.error).toEqualTypeOf(byPath.error);
    expectTypeOf(named).toEqualTypeOf(byPath);
    expectTypeOf<IsAny<typeof named.data>>().toEqualTypeOf<false>();
    expectTypeOf<IsAny<typeof named.error>>().toEqualTypeOf<false>();

    const created = await call(ads, createCampaign, {
      params: { path: { account_id }, query: { funding_instrument_id: "f", name: "n" } },
    });
    const createdByPath = await ads.POST("/12/accounts/{account_id}/campaigns", {
      params: { path: { account_id }, query: { funding_instrument_id: "f", name: "n" } },
    });
    expectTypeOf(created.data).toEqualTypeOf(createdByPath.data);
  });

  it("names the init and the result of an operation", async () => {
    const byPath = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id } } });
    expectTypeOf<OperationResult<Ads.paths, typeof getAccount>["data"]>().toEqualTypeOf(byPath.data);
    expectTypeOf<OperationInit<Ads.paths, typeof getAccount>>().toEqualTypeOf<
      MaybeOptionalInit<Ads.paths["/12/accounts/{account_id}"], "get">
    >();
  });

  it("takes init as the path call does: optional only when nothing is required", async () => {
    await call(ads, listAccounts);
    await call(ads, listAccounts, { params: { query: { count: 5 } } });
    // @ts-expect-error: the path parameter is required, so init is too
    await call(ads, getAccount);
    // @ts-expect-error: the path parameter is required
    await call(ads, getAccount, { params: {} });
    // @ts-expect-error: count is a number
    await call(ads, listCampaigns, { params: { path: { account_id }, query: { count: "ten" } } });
    // @ts-expect-error: no such query parameter
    await call(ads, listCampaigns, { params: { path: { account_id }, query: { nope: 1 } } });
    // @ts-expect-error: name is required to create a campaign
    await call(ads, createCampaign, { params: { path: { account_id }, query: { funding_instrument_id: "f" } } });
  });

  it("takes an operation only with the client of its document", async () => {
    const auth = createAuthClient({ oauth1: { consumerKey: "k", consumerSecret: "s" } });
    const audiences = createTailoredAudiencesClient({ bearer: "b" });
    const upload = createUploadClient({ bearer: "b" });
    // @ts-expect-error: an auth operation with the ads client
    await call(ads, createBearerToken);
    // @ts-expect-error: an ads operation with the auth client
    await call(auth, listAccounts);
    // @ts-expect-error: an upload operation with the ads client
    await call(ads, getMediaUploadCommandStatus, { params: { query: { command: "STATUS", media_id: "1" } } });
    // @ts-expect-error: a tailored-audiences operation with the ads client
    await call(ads, listTailoredAudiencePermissions, { params: { path: { account_id, tailored_audience_id: "t" } } });
    await call(audiences, listTailoredAudiencePermissions, {
      params: { path: { account_id, tailored_audience_id: "t" } },
    });
    expectTypeOf(upload).not.toBeAny();
  });
});
