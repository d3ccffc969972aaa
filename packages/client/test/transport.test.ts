import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAdsClient, parseRateLimit, XAdsApiError, XAdsTimeoutError } from "../src/index.js";
import { drop, type FaultServer, json, type Step, slow, startFaultServer, text } from "./support/fault-server.js";

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());

const secrets = {
  consumerKey: "CONSUMER-KEY-1",
  consumerSecret: "CONSUMER-SECRET-2",
  token: "ACCESS-TOKEN-3",
  tokenSecret: "TOKEN-SECRET-4",
};
const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };
const client = (extra: Parameters<typeof createAdsClient>[0] = {}) =>
  createAdsClient({ baseUrl: server.url, oauth1: secrets, retry: fast, ...extra });
const account = { params: { path: { account_id: "18ce54d4x5t" } } } as const;
const ok = json(200, { request: { params: {} }, data: { id: "18ce54d4x5t" } });

describe("rate-limit headers", () => {
  it("account level governs over user level", () => {
    const headers = new Headers({
      "x-rate-limit-limit": "450",
      "x-rate-limit-remaining": "449",
      "x-rate-limit-reset": "1767225600",
      "x-account-rate-limit-limit": "10000",
      "x-account-rate-limit-remaining": "9",
      "x-account-rate-limit-reset": "1767226500",
    });
    expect(parseRateLimit(headers)).toEqual({
      scope: "account",
      limit: 10000,
      remaining: 9,
      reset: 1767226500,
      user: { limit: 450, remaining: 449, reset: 1767225600 },
      account: { limit: 10000, remaining: 9, reset: 1767226500 },
    });
    headers.delete("x-account-rate-limit-limit");
    headers.delete("x-account-rate-limit-remaining");
    headers.delete("x-account-rate-limit-reset");
    expect(parseRateLimit(headers)?.scope).toBe("user");
    expect(parseRateLimit(new Headers())).toBeUndefined();
  });

  it("are parsed on every response and kept on the client", async () => {
    const seen: number[] = [];
    const ads = client({ onRateLimit: (state) => seen.push(state.remaining) });
    server.script(
      json(
        200,
        { data: {} },
        { "x-rate-limit-limit": "450", "x-rate-limit-remaining": "7", "x-rate-limit-reset": "1767225600" },
      ),
    );
    await ads.GET("/12/accounts/{account_id}", account);
    expect(seen).toEqual([7]);
    expect(ads.rateLimit).toMatchObject({ scope: "user", remaining: 7 });
  });
});

describe("retries", () => {
  it("waits for the reset time after a 429, then succeeds", async () => {
    const reset = Math.ceil(Date.now() / 1000) + 1;
    server.script(
      json(
        429,
        { errors: [{ code: "TOO_MANY_REQUESTS", message: "Rate limit exceeded" }] },
        {
          "x-rate-limit-limit": "450",
          "x-rate-limit-remaining": "0",
          "x-rate-limit-reset": String(reset),
        },
      ),
      ok,
    );
    const started = Date.now();
    const { data, error } = await client().GET("/12/accounts/{account_id}", account);
    expect(error).toBeUndefined();
    expect(data?.data).toMatchObject({ id: "18ce54d4x5t" });
    expect(Date.now()).toBeGreaterThanOrEqual(reset * 1000 - 5);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(2);
  });

  it("uses the account-level reset when both are sent", async () => {
    const now = 1_800_000_000_000;
    const waits: number[] = [];
    const ads = createAdsClient({
      baseUrl: "https://ads-api.x.com",
      retry: { retries: 1, maxWaitMs: 1000 },
      now: () => now,
      random: () => 0,
      fetch: async () => {
        waits.push(1);
        return new Response("{}", {
          status: 429,
          headers: {
            "x-rate-limit-reset": String(now / 1000 + 1),
            "x-account-rate-limit-reset": String(now / 1000 + 900),
          },
        });
      },
    });
    // account reset is 900 s away, beyond maxWaitMs: the 429 comes back at once instead of waiting for the user-level reset.
    const { response } = await ads.GET("/12/accounts/{account_id}", account);
    expect(response.status).toBe(429);
    expect(waits).toHaveLength(1);
  });

  it("honours retry-after on a 503", async () => {
    server.script(
      json(503, { errors: [{ code: "SERVICE_UNAVAILABLE", message: "Over capacity" }] }, { "retry-after": "1" }),
      ok,
    );
    const started = Date.now();
    const { data } = await client().GET("/12/accounts/{account_id}", account);
    expect(data).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it("retries other 5xx and network errors with bounded backoff", async () => {
    server.script(json(500, { errors: [] }), drop, json(502, {}), ok);
    const { data } = await client().GET("/12/accounts/{account_id}", account);
    expect(data).toBeDefined();
    expect(server.requests).toHaveLength(4);
  });

  it("gives up after the retry count and returns the last answer", async () => {
    server.script(
      json(500, {}),
      json(500, {}),
      json(500, {}),
      json(500, { errors: [{ code: "INTERNAL_ERROR", message: "boom" }] }),
      ok,
    );
    const { error, response } = await client().GET("/12/accounts/{account_id}", account);
    expect(response.status).toBe(500);
    expect(error).toEqual({ errors: [{ code: "INTERNAL_ERROR", message: "boom" }] });
    expect(server.requests).toHaveLength(4);
  });

  it("does not retry POST by default, but does when the policy lists it", async () => {
    server.script(json(503, {}), ok);
    const post = (c: ReturnType<typeof client>) =>
      (c.POST as unknown as (p: string, i: unknown) => Promise<{ response: Response }>)(
        "/12/accounts/{account_id}",
        account,
      );
    expect((await post(client())).response.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    server.script(json(503, {}), ok);
    expect((await post(client({ retry: { ...fast, methods: ["POST"] } }))).response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it("signs every attempt with a fresh nonce", async () => {
    server.script(json(500, {}), ok);
    await client().GET("/12/accounts/{account_id}", account);
    const nonces = server.requests.map((r) => /oauth_nonce="([^"]+)"/.exec(String(r.headers.authorization))?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe("timeouts and cancellation", () => {
  it("times out a slow attempt, retries, and throws XAdsTimeoutError when all attempts are slow", async () => {
    server.script(slow(10_000, ok), ok);
    const { data } = await client({ timeoutMs: 1000 }).GET("/12/accounts/{account_id}", account);
    expect(data).toBeDefined();
    server.script(slow(10_000, ok), slow(10_000, ok));
    const failing = client({ timeoutMs: 500, retry: { retries: 1, baseDelayMs: 1 } });
    await expect(failing.GET("/12/accounts/{account_id}", account)).rejects.toBeInstanceOf(XAdsTimeoutError);
  });

  it("stops at once when the caller's AbortSignal fires, without retrying", async () => {
    server.script(slow(2000, ok), ok);
    const controller = new AbortController();
    const pending = client().GET("/12/accounts/{account_id}", { ...account, signal: controller.signal });
    // Abort only once the server holds the request, so the abort cannot race the request on a busy machine.
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 5000, interval: 5 });
    controller.abort(new Error("caller gave up"));
    await expect(pending).rejects.toThrow("caller gave up");
    expect(server.requests).toHaveLength(1);
  });
});

describe("a JSON POST that answers a 307", () => {
  const redirect: Step = (_req, res) => {
    res.writeHead(307, { location: "/12/batch/accounts/18ce54d4x5t/campaigns?moved=1" });
    res.end();
  };
  const batch = [{ operation_type: "Create", params: { name: "after the redirect" } }];
  const post = (c: ReturnType<typeof client>) =>
    (c.POST as unknown as (p: string, i: unknown) => Promise<{ response: Response }>)(
      "/12/batch/accounts/{account_id}/campaigns",
      { params: { path: { account_id: "18ce54d4x5t" } }, body: batch },
    );
  it.each([
    ["without middleware", () => client()],
    [
      "with middleware",
      () => {
        const c = client();
        c.use({ onRequest: () => undefined });
        return c;
      },
    ],
  ])("is sent again, body and all, %s", async (_name, make) => {
    server.script(redirect, json(200, { data: [], request: [] }));
    const { response } = await post(make());
    expect(response.status).toBe(200);
    expect(server.requests.map((r) => [r.url, JSON.parse(r.body.toString())])).toEqual([
      ["/12/batch/accounts/18ce54d4x5t/campaigns", batch],
      ["/12/batch/accounts/18ce54d4x5t/campaigns?moved=1", batch],
    ]);
  });
});

describe("a body that stalls after the headers", () => {
  /** Sends the headers and the start of a JSON body, then nothing until the client gives up. */
  const stalledBody: Step = (_req, res) =>
    new Promise<void>((resolve) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"request":{"params":{}},"data":');
      res.on("close", () => resolve());
    });

  it("is stopped by the caller's AbortSignal", async () => {
    server.script(stalledBody);
    const controller = new AbortController();
    const pending = client().GET("/12/accounts/{account_id}", { ...account, signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 5000, interval: 5 });
    // The headers are in: openapi-fetch is reading the body.
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error("caller gave up on the body"));
    await expect(pending).rejects.toThrow("caller gave up on the body");
  });

  it("is stopped by the per-attempt timeout", async () => {
    server.script(stalledBody);
    await expect(client({ timeoutMs: 300 }).GET("/12/accounts/{account_id}", account)).rejects.toBeInstanceOf(
      XAdsTimeoutError,
    );
  });
});

describe("requests the caller can see", () => {
  it("gives caller middleware a real Request, still signed and sent", async () => {
    server.script(ok);
    const ads = client();
    const seen: unknown[] = [];
    ads.use({
      onRequest({ request }) {
        seen.push(request);
        return undefined;
      },
    });
    const { data } = await ads.GET("/12/accounts/{account_id}", account);
    expect(data).toBeDefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Request);
    expect(String(server.requests[0]?.headers.authorization)).toMatch(/^OAuth oauth_consumer_key=/);
  });

  it("sends nothing when the caller's signal is already aborted", async () => {
    server.script(ok);
    const controller = new AbortController();
    controller.abort(new Error("caller gave up before sending"));
    await expect(client().GET("/12/accounts/{account_id}", { ...account, signal: controller.signal })).rejects.toThrow(
      "caller gave up before sending",
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("XAdsApiError", () => {
  it("carries status, error list, rate-limit state, method and path", async () => {
    server.script(
      json(
        400,
        {
          errors: [
            {
              code: "INVALID_PARAMETER",
              message: "Expected an integer between 1 and 1000, got 0 for count",
              parameter: "count",
            },
          ],
        },
        {
          "x-rate-limit-limit": "450",
          "x-rate-limit-remaining": "3",
          "x-rate-limit-reset": "1767225600",
        },
      ),
    );
    const ads = client({ throwOnError: true });
    const error = await ads.GET("/12/accounts", { params: { query: { count: 0 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(XAdsApiError);
    const apiError = error as XAdsApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.method).toBe("GET");
    expect(apiError.path).toBe("/12/accounts");
    expect(apiError.errors).toEqual([
      {
        code: "INVALID_PARAMETER",
        message: "Expected an integer between 1 and 1000, got 0 for count",
        parameter: "count",
      },
    ]);
    expect(apiError.rateLimit).toMatchObject({ remaining: 3, scope: "user" });
    expect(apiError.message).toBe(
      "GET /12/accounts failed with 400: INVALID_PARAMETER: Expected an integer between 1 and 1000, got 0 for count (parameter count)",
    );
  });

  it("handles a non-JSON (HTML) 404", async () => {
    server.script(text(404, "<!DOCTYPE html><html><body>Not found</body></html>", "text/html"));
    const error = (await client({ throwOnError: true })
      .GET("/12/accounts/{account_id}", account)
      .catch((e: unknown) => e)) as XAdsApiError;
    expect(error.status).toBe(404);
    // The API's own error body, made from the status; the page stays the error's body.
    const message = "text/html instead of the API's error body";
    expect(error.errors).toEqual([{ code: "NOT_FOUND", message }]);
    expect(error.body).toContain("<html>");
    expect(error.message).toBe(`GET /12/accounts/18ce54d4x5t failed with 404: NOT_FOUND: ${message}`);
  });

  it("never contains a secret, token, signature or query string", async () => {
    server.script(
      json(401, { errors: [{ code: "UNAUTHORIZED_ACCESS", message: "This request is not properly authenticated" }] }),
    );
    const error = (await client({ throwOnError: true })
      .GET("/12/accounts", { params: { query: { q: "SECRET-QUERY" } } })
      .catch((e: unknown) => e)) as XAdsApiError;
    const authorization = String(server.requests[0]?.headers.authorization);
    const signature = decodeURIComponent(/oauth_signature="([^"]+)"/.exec(authorization)?.[1] ?? "missing");
    const rendered = [
      error.message,
      error.stack,
      JSON.stringify(error),
      inspect(error, { depth: 10, showHidden: true }),
    ].join("\n");
    for (const secret of [...Object.values(secrets), signature, "SECRET-QUERY", "oauth_"]) {
      expect(rendered).not.toContain(secret);
    }
    expect(error.status).toBe(401);
  });
});
