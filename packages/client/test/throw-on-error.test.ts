// `throwOnError: true` at run time, through each factory: a 2xx resolves to `{ data, response }` (the
// narrowed type of throw-on-error.test-d.ts), a non-2xx rejects with XAdsApiError. (transport.test.ts
// covers the error's contents.)
import { describe, expect, it } from "vitest";
import {
  createAdsClient,
  createAuthClient,
  createTailoredAudiencesClient,
  createUploadClient,
  type FetchLike,
  XAdsApiError,
} from "../src/index.js";

const account_id = "18ce54d4x5t";

/** A fetch that answers every request with `status` and `body` as JSON, and records the URLs. */
function stub(status: number, body: unknown): FetchLike & { urls: string[] } {
  const urls: string[] = [];
  const fetch = async (input: string) => {
    urls.push(input);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
  return Object.assign(fetch, { urls });
}

describe("throwOnError: true", () => {
  it("resolves a 200 to its data, with no error", async () => {
    const account = { request: { params: { account_id } }, data: { id: account_id, name: "n" } };
    const fetch = stub(200, account);
    const ads = createAdsClient({ bearer: "b", fetch, throwOnError: true });
    const result = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id } } });
    expect(result.data).toEqual(account);
    expect(result.data.data.id).toBe(account_id);
    expect(result.error).toBeUndefined();
    expect(result.response.status).toBe(200);
    expect(fetch.urls).toEqual([`https://ads-api.x.com/12/accounts/${account_id}`]);
  });

  it("rejects a 404 with XAdsApiError through every factory", async () => {
    const notFound = { errors: [{ code: "NOT_FOUND", message: "Not found" }] };
    const options = { bearer: "b", fetch: stub(404, notFound), throwOnError: true } as const;
    const calls = [
      createAdsClient(options).GET("/12/accounts/{account_id}", { params: { path: { account_id } } }),
      createTailoredAudiencesClient(options).GET(
        "/5/accounts/{account_id}/tailored_audiences/{tailored_audience_id}/permissions",
        { params: { path: { account_id, tailored_audience_id: "t" } } },
      ),
      createUploadClient(options).GET("/1.1/media/upload.json", {
        params: { query: { command: "STATUS", media_id: "1" } },
      }),
      createAuthClient(options).POST("/oauth2/token", { body: { grant_type: "client_credentials" } }),
    ];
    for (const call of calls) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(XAdsApiError);
      expect((error as XAdsApiError).status).toBe(404);
    }
  });

  it("leaves the default unchanged: a 404 resolves to { error }", async () => {
    const ads = createAdsClient({ bearer: "b", fetch: stub(404, { errors: [] }) });
    const { data, error } = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id } } });
    expect(data).toBeUndefined();
    expect(error).toEqual({ errors: [] });
  });
});
