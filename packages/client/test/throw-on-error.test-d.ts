// `throwOnError: true` narrows: a non-2xx answer rejects with XAdsApiError, so every call of such a
// client resolves to `{ data, response }` with `data` the success body; without it the calls resolve
// to openapi-fetch's `{ data, error, response }` of the client's paths (the documents' success bodies,
// the one JSON error body per error status).
import type { Ads, Auth, TailoredAudiences, Upload } from "@xads/types";
import createClient, { type Client, type ClientPathsWithMethod, type MethodResponse } from "openapi-fetch";
import { describe, expectTypeOf, it } from "vitest";
import {
  type AdsClient,
  type AdsPaths,
  createAdsClient,
  createAuthClient,
  createTailoredAudiencesClient,
  createUploadClient,
  paginate,
  type XAdsClient,
  type XAdsClientOptions,
} from "../src/index.js";
import { call, getAccount } from "../src/operations.js";

type IsAny<T> = 0 extends 1 & T ? true : false;
/** The success body of a GET on a plain openapi-fetch client of `Paths`, as openapi-fetch types it. */
type Body<Paths extends {}, Path extends ClientPathsWithMethod<Client<Paths>, "get">> = MethodResponse<
  Client<Paths>,
  "get",
  Path
>;

const account_id = "18ce54d4x5t";
const plain = createClient<AdsPaths>();

describe("throwOnError: true", () => {
  const ads = createAdsClient({ bearer: "b", throwOnError: true });

  it("types data as the success body and leaves no error", async () => {
    const result = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id } } });
    expectTypeOf(result.data).toEqualTypeOf<Body<Ads.paths, "/12/accounts/{account_id}">>();
    expectTypeOf(result.data.data).toEqualTypeOf<Ads.components["schemas"]["Account"]>();
    expectTypeOf<IsAny<typeof result.data>>().toEqualTypeOf<false>();
    // The same body as openapi-fetch's success branch.
    const byOpenapiFetch = await plain.GET("/12/accounts/{account_id}", { params: { path: { account_id } } });
    expectTypeOf(result.data).toEqualTypeOf<NonNullable<typeof byOpenapiFetch.data>>();
    // No error branch: `error` is never (absent), not the error body.
    expectTypeOf(result.error).toEqualTypeOf<undefined>();
    // @ts-expect-error: error is not the error body
    const apiError: NonNullable<typeof byOpenapiFetch.error> = result.error;
    void apiError;
    expectTypeOf(result.response).toEqualTypeOf<Response>();
    const { data } = await ads.GET("/12/accounts", { params: { query: { count: 10 } } });
    expectTypeOf(data).toEqualTypeOf<Body<Ads.paths, "/12/accounts">>();
  });

  it("narrows every method and request()", async () => {
    const created = await ads.POST("/12/accounts/{account_id}/campaigns", {
      params: { path: { account_id }, query: { funding_instrument_id: "f", name: "n" } },
    });
    const createdPlain = await plain.POST("/12/accounts/{account_id}/campaigns", {
      params: { path: { account_id }, query: { funding_instrument_id: "f", name: "n" } },
    });
    expectTypeOf(created.data).toEqualTypeOf<NonNullable<typeof createdPlain.data>>();
    const updated = await ads.PUT("/12/accounts/{account_id}/campaigns/{campaign_id}", {
      params: { path: { account_id, campaign_id: "c" }, query: { name: "n" } },
    });
    const updatedPlain = await plain.PUT("/12/accounts/{account_id}/campaigns/{campaign_id}", {
      params: { path: { account_id, campaign_id: "c" }, query: { name: "n" } },
    });
    expectTypeOf(updated.data).toEqualTypeOf<NonNullable<typeof updatedPlain.data>>();
    const deleted = await ads.DELETE("/12/accounts/{account_id}/campaigns/{campaign_id}", {
      params: { path: { account_id, campaign_id: "c" } },
    });
    const deletedPlain = await plain.DELETE("/12/accounts/{account_id}/campaigns/{campaign_id}", {
      params: { path: { account_id, campaign_id: "c" } },
    });
    expectTypeOf(deleted.data).toEqualTypeOf<NonNullable<typeof deletedPlain.data>>();
    const requested = await ads.request("get", "/12/accounts/{account_id}", { params: { path: { account_id } } });
    expectTypeOf(requested.data).toEqualTypeOf<Body<Ads.paths, "/12/accounts/{account_id}">>();
    // parseAs still reads as openapi-fetch reads it.
    const text = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id } }, parseAs: "text" });
    expectTypeOf(text.data).toEqualTypeOf<string>();
  });

  it("narrows calls with an init variable, per-call options, and options declared as const", async () => {
    const init = { params: { path: { account_id } } };
    const viaVariable = await ads.GET("/12/accounts/{account_id}", init);
    expectTypeOf(viaVariable.data).toEqualTypeOf<Body<Ads.paths, "/12/accounts/{account_id}">>();
    const withSignal = await ads.GET("/12/accounts/{account_id}", { ...init, signal: AbortSignal.timeout(1) });
    expectTypeOf(withSignal.data).toEqualTypeOf<Body<Ads.paths, "/12/accounts/{account_id}">>();
    const options = { bearer: "b", throwOnError: true } as const;
    const fromConst = await createAdsClient(options).GET("/12/accounts");
    expectTypeOf(fromConst.data).toEqualTypeOf<Body<Ads.paths, "/12/accounts">>();
  });

  it("still rejects wrong paths and params", async () => {
    // @ts-expect-error: the path parameter is required
    await ads.GET("/12/accounts/{account_id}", {});
    // @ts-expect-error: the init (with its path parameter) is required
    await ads.GET("/12/accounts/{account_id}");
    // @ts-expect-error: account_id is a string
    await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: 1 } } });
    // @ts-expect-error: not a path of the document
    await ads.GET("/12/nope");
    // @ts-expect-error: no POST on a single account
    await ads.POST("/12/accounts/{account_id}", { params: { path: { account_id } } });
    // @ts-expect-error: count is a number
    await ads.GET("/12/accounts", { params: { query: { count: "10" } } });
    // An optional init may be left out.
    await ads.GET("/12/accounts");
  });

  it("is still a client for paginate and call", async () => {
    expectTypeOf(ads).toMatchTypeOf<XAdsClient<AdsPaths>>();
    expectTypeOf(ads).toMatchTypeOf<AdsClient>();
    expectTypeOf(ads.baseUrl).toEqualTypeOf<string>();
    for await (const account of paginate(ads, "/12/accounts", { params: { query: { count: 100 } } })) {
      expectTypeOf(account).toEqualTypeOf<Ads.components["schemas"]["Account"]>();
    }
    // call (typed as the path call of a plain client) still takes the client.
    const named = await call(ads, getAccount, { params: { path: { account_id } } });
    expectTypeOf(named.data).toEqualTypeOf<Body<Ads.paths, "/12/accounts/{account_id}"> | undefined>();
  });

  it("narrows each factory", async () => {
    const audiences = createTailoredAudiencesClient({ bearer: "b", throwOnError: true });
    const permissions = await audiences.GET(
      "/5/accounts/{account_id}/tailored_audiences/{tailored_audience_id}/permissions",
      { params: { path: { account_id, tailored_audience_id: "t" } } },
    );
    expectTypeOf(permissions.data).toEqualTypeOf<
      Body<TailoredAudiences.paths, "/5/accounts/{account_id}/tailored_audiences/{tailored_audience_id}/permissions">
    >();
    expectTypeOf(permissions.error).toEqualTypeOf<undefined>();

    const upload = createUploadClient({ bearer: "b", throwOnError: true });
    const status = await upload.GET("/1.1/media/upload.json", {
      params: { query: { command: "STATUS", media_id: "1" } },
    });
    expectTypeOf(status.data).toEqualTypeOf<Body<Upload.paths, "/1.1/media/upload.json">>();
    expectTypeOf(status.error).toEqualTypeOf<undefined>();
    expectTypeOf(upload.uploadMedia).toBeFunction();

    const auth = createAuthClient({ oauth1: { consumerKey: "k", consumerSecret: "s" }, throwOnError: true });
    const token = await auth.POST("/oauth2/token", { body: { grant_type: "client_credentials" } });
    expectTypeOf(token.data).toEqualTypeOf<MethodResponse<Client<Auth.paths>, "post", "/oauth2/token">>();
    expectTypeOf(token.error).toEqualTypeOf<undefined>();
    expectTypeOf(await auth.bearerToken()).toEqualTypeOf<string>();
  });
});

describe("without throwOnError: true", () => {
  it("resolves to openapi-fetch's { data, error, response } of the client's paths", async () => {
    const init = { params: { path: { account_id } } };
    const expected = await plain.GET("/12/accounts/{account_id}", init);
    for (const ads of [
      createAdsClient({ bearer: "b" }),
      createAdsClient({ bearer: "b", throwOnError: false }),
      createAdsClient(),
    ]) {
      expectTypeOf(ads).toEqualTypeOf<AdsClient>();
      expectTypeOf(await ads.GET("/12/accounts/{account_id}", init)).toEqualTypeOf(expected);
    }
  });

  it("keeps the plain type when throwOnError is only known at run time", () => {
    const options: XAdsClientOptions = { throwOnError: true };
    expectTypeOf(createAdsClient(options)).toEqualTypeOf<AdsClient>();
    const flag = Math.random() > 0.5;
    expectTypeOf(createAdsClient({ throwOnError: flag })).toEqualTypeOf<AdsClient>();
  });

  it("still rejects unknown options", () => {
    // @ts-expect-error: not an option
    createAdsClient({ bearer: "b", throwOnErrors: true });
    // @ts-expect-error: not an option
    createAdsClient({ throwOnError: true, typo: 1 });
  });
});
