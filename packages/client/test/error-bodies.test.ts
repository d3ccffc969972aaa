// An error answer's `error` is always the API's own error body, in the form of the host that answered
// (ads, auth, v1.1 upload, v2 problem objects): an HTML page, plain text, an empty body or JSON of
// another form becomes the body the client makes from the status, and rawErrorBody(response) keeps
// what the host sent. Checked for every operation of every document against the documents' own error
// schemas (@xads/validator), so the client's types (client-paths.ts) tell the truth.
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { type OperationId, validateResponse } from "@xads/validator";
import { describe, expect, it } from "vitest";
import {
  createAdsClient,
  createAuthClient,
  createTailoredAudiencesClient,
  createUploadClient,
  type FetchLike,
  paginate,
  rawErrorBody,
  sendBatch,
  XAdsApiError,
} from "../src/index.js";

const account_id = "18ce54d4x5t";
const page = "<!DOCTYPE html><html><head><title>Page not found</title></head><body></body></html>";
const htmlMessage = "text/html instead of the API's error body";

/** A fetch that answers every request with `status`, `body` and `headers`. */
function answering(status: number, body: string | null, headers: Record<string, string> = {}): FetchLike {
  return async () => new Response(body, { status, headers });
}

const html = (status: number) => answering(status, page, { "content-type": "text/html; charset=utf-8" });

describe("an error body that is not the API's", () => {
  it("becomes the ads body with NOT_FOUND for an HTML 404, the page kept on the response", async () => {
    const ads = createAdsClient({ fetch: html(404) });
    const { data, error, response } = await ads.GET("/12/accounts/{account_id}", {
      params: { path: { account_id } },
    });
    expect(data).toBeUndefined();
    expect(error).toEqual({ errors: [{ code: "NOT_FOUND", message: htmlMessage }], request: { params: {} } });
    expect(rawErrorBody(response)).toBe(page);
  });

  it("leaves the API's own body as it is, with no raw body", async () => {
    const body = { errors: [{ code: "NOT_FOUND", message: "The requested resource was not found" }] };
    const ads = createAdsClient({
      fetch: answering(404, JSON.stringify(body), { "content-type": "application/json" }),
    });
    const { error, response } = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id } } });
    expect(error).toEqual(body);
    expect(rawErrorBody(response)).toBeUndefined();
  });

  it("keeps a batch's body that holds only operation_errors, the API's own", async () => {
    const body = { operation_errors: [[], [{ code: "MISSING_PARAMETER", message: "name is missing" }]] };
    const fetch = answering(400, JSON.stringify(body), { "content-type": "application/json" });
    const path = "/12/batch/accounts/{account_id}/campaigns";
    const { error, response } = await createAdsClient({ fetch }).POST(path, {
      params: { path: { account_id } },
      body: [],
    });
    expect(error).toEqual(body);
    expect(rawErrorBody(response)).toBeUndefined();
    const item = { operation_type: "Create", params: { funding_instrument_id: "f", name: "n" } } as const;
    const thrown = (await sendBatch(createAdsClient({ fetch }), path, [item, item], {
      pathParams: { account_id },
    }).catch((e: unknown) => e)) as XAdsApiError;
    expect(thrown.operationErrors).toEqual([
      { index: 1, errors: [{ code: "MISSING_PARAMETER", message: "name is missing" }] },
    ]);
  });

  it("takes NOT_FOUND for 404 and TOO_MANY_REQUESTS for 429, else UNKNOWN", async () => {
    for (const [status, code] of [
      [404, "NOT_FOUND"],
      [429, "TOO_MANY_REQUESTS"],
      [503, "UNKNOWN"],
      [403, "UNKNOWN"],
    ] as const) {
      const { error } = await createAdsClient({ fetch: html(status), retry: false }).GET("/12/accounts");
      expect(error?.errors[0]?.code, String(status)).toBe(code);
    }
  });

  it("sets error for an empty body (Content-Length: 0) and for a HEAD, whose body is never read", async () => {
    const empty = answering(500, null, { "content-length": "0" });
    const { error, response } = await createAdsClient({ fetch: empty, retry: false }).GET("/12/accounts");
    expect(error?.errors).toEqual([{ code: "UNKNOWN", message: "an empty body instead of the API's error body" }]);
    expect(rawErrorBody(response)).toBe("");
    const head = await createAdsClient({ fetch: html(404) }).request("head" as "get", "/12/accounts");
    expect(head.error?.errors[0]?.code).toBe("NOT_FOUND");
  });

  it("keeps the auth host's plain-text words, with code 0 for a status without a v1.1 code", async () => {
    const auth = createAuthClient({
      fetch: answering(401, "Invalid request token.", { "content-type": "text/plain; charset=utf-8" }),
    });
    const { error, response } = await auth.POST("/oauth/access_token", {
      params: { query: { oauth_token: "t", oauth_verifier: "v" } },
    });
    expect(error).toEqual({ errors: [{ code: 0, message: "Invalid request token." }] });
    expect(rawErrorBody(response)).toBe("Invalid request token.");
  });

  it("bounds the words it keeps", async () => {
    const long = "x".repeat(10_000);
    const auth = createAuthClient({ fetch: answering(400, long, { "content-type": "text/plain" }) });
    const { error } = await auth.POST("/oauth2/token", { body: { grant_type: "client_credentials" } });
    expect(error?.errors[0]).toEqual({ code: 0, message: `${"x".repeat(500)}...` });
  });

  it("gives the v1.1 upload host's form (a code only where the status has one) and v2's problem object", async () => {
    const upload = createUploadClient({
      fetch: answering(400, JSON.stringify({ request: "/1.1/media/upload.json", error: "Segments do not add up" }), {
        "content-type": "application/json",
      }),
    });
    const status = await upload.GET("/1.1/media/upload.json", {
      params: { query: { command: "STATUS", media_id: "1" } },
    });
    expect(status.error).toEqual({ errors: [{ message: "Segments do not add up" }] });
    expect(rawErrorBody(status.response)).toEqual({
      request: "/1.1/media/upload.json",
      error: "Segments do not add up",
    });

    const v2 = createUploadClient({
      fetch: async () => new Response(page, { status: 503, statusText: "Service Unavailable" }),
    });
    const { error } = await v2.POST("/2/media/upload/initialize", {
      body: { media_type: "video/mp4", total_bytes: 1, media_category: "amplify_video" },
    });
    // No content-type: a Response labels the text text/plain, but markup is still no message.
    const detail = "text/plain instead of the API's error body";
    expect(error).toEqual({ title: "Service Unavailable", detail, type: "about:blank", status: 503 });
    const v1 = await createUploadClient({ fetch: html(404) }).GET("/1.1/media/upload.json", {
      params: { query: { command: "STATUS", media_id: "1" } },
    });
    expect(v1.error).toEqual({ errors: [{ code: 34, message: htmlMessage }] });
  });

  it("gives XAdsApiError the same errors, with the host's body as its body", async () => {
    const thrown = (await createAdsClient({ fetch: html(404), throwOnError: true })
      .GET("/12/accounts/{account_id}", { params: { path: { account_id } } })
      .catch((e: unknown) => e)) as XAdsApiError;
    expect(thrown).toBeInstanceOf(XAdsApiError);
    expect(thrown.errors).toEqual([{ code: "NOT_FOUND", message: htmlMessage }]);
    expect(thrown.body).toBe(page);

    const listed = paginate(createAdsClient({ fetch: html(404) }), "/12/accounts", { params: { query: { count: 1 } } });
    const fromHelper = (await listed.next().catch((e: unknown) => e)) as XAdsApiError;
    expect(fromHelper.errors).toEqual([{ code: "NOT_FOUND", message: htmlMessage }]);
    expect(fromHelper.body).toBe(page);

    const auth = createAuthClient({
      oauth1: { consumerKey: "k", consumerSecret: "s" },
      fetch: answering(401, "Invalid request token.", { "content-type": "text/plain" }),
    });
    const flow = (await auth.requestToken({ callback: "oob" }).catch((e: unknown) => e)) as XAdsApiError;
    expect(flow.errors).toEqual([{ code: 0, message: "Invalid request token." }]);
    expect(flow.body).toBe("Invalid request token.");
  });
});

describe("for every operation of every document", () => {
  const factories: Record<string, (fetch: FetchLike) => { request: unknown }> = {
    ads: (fetch) => createAdsClient({ fetch, retry: false }),
    "tailored-audiences": (fetch) => createTailoredAudiencesClient({ fetch, retry: false }),
    auth: (fetch) => createAuthClient({ fetch, retry: false }),
    upload: (fetch) => createUploadClient({ fetch, retry: false }),
  };

  it("makes, for an HTML answer of each documented error status, a body the document's schema accepts", async () => {
    let checked = 0;
    for (const op of loadSpec().operations()) {
      const make = factories[op.document];
      if (!make) continue;
      for (const { status } of op.responses) {
        if (!/^[45]\d\d$|^default$/.test(status)) continue;
        const code = status === "default" ? 502 : Number(status);
        const client = make(html(code)) as {
          request: (method: string, path: string, init: object) => Promise<{ error?: unknown }>;
        };
        const { error } = await client.request(op.method, op.path, {});
        const result = validateResponse(op.id as OperationId, code, error, { strict: true });
        expect(result.valid ? [] : result.errors, `${op.id} ${status}: ${JSON.stringify(error)}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
