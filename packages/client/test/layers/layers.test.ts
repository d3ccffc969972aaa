import { describe, expect, it, vi } from "vitest";
import {
  basicLayer,
  bearerLayer,
  composeLayers,
  createAdsClient,
  createAuthClient,
  type Fetch,
  type Layer,
  oauth1Layer,
  rateLimitLayer,
  retryLayer,
  signOAuth1,
  timeoutLayer,
  XAdsTimeoutError,
} from "../../src/index.js";
import { latestRateLimit } from "../../src/layers/rate-limit.js";

const secrets = {
  consumerKey: "CONSUMER-KEY-1",
  consumerSecret: "CONSUMER-SECRET-2",
  token: "ACCESS-TOKEN-3",
  tokenSecret: "TOKEN-SECRET-4",
};
const ok = () => new Response('{"data":{"id":"18ce54d4x5t"},"request":{"params":{}}}', { status: 200 });
/** A fetch that records what reached it and answers with the next of `answers` (default 200). */
function recorder(...answers: (() => Response | Promise<Response>)[]) {
  const seen: { url: string; init: RequestInit; authorization: string | null }[] = [];
  const fetch: Fetch = async (url, init) => {
    seen.push({ url, init, authorization: new Headers(init.headers).get("authorization") });
    return (answers.shift() ?? ok)();
  };
  return { fetch, seen };
}
const noSleep = { sleep: async () => {} };

describe("composeLayers", () => {
  it("runs the layers outermost first, each around the next", async () => {
    const order: string[] = [];
    const named =
      (name: string): Layer =>
      (next) =>
      async (url, init) => {
        order.push(`> ${name}`);
        const response = await next(url, init);
        order.push(`< ${name}`);
        return response;
      };
    const { fetch } = recorder();
    await composeLayers([named("a"), named("b")], fetch)("https://a.example/", {});
    expect(order).toEqual(["> a", "> b", "< b", "< a"]);
    expect(composeLayers([], fetch)).toBe(fetch);
  });
});

describe("auth layers", () => {
  it("oauth1Layer signs each call as signOAuth1 does, the form body included", async () => {
    const { fetch, seen } = recorder();
    const send = oauth1Layer(secrets, { now: () => 1_318_622_958_000, nonce: () => "fixednonce" })(fetch);
    const url = "https://ads-api.x.com/12/accounts/1/campaigns?b=2";
    const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
    await send(url, { method: "POST", headers, body: "name=a+b&x=1" });
    expect(seen[0]?.authorization).toBe(
      signOAuth1({ method: "POST", url, form: "name=a+b&x=1", ...secrets, nonce: "fixednonce", timestamp: 1318622958 })
        .authorization,
    );
    // A JSON body is not signed; a plain headers record works too.
    await send(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' });
    expect(seen[1]?.authorization).toBe(
      signOAuth1({ method: "POST", url, ...secrets, nonce: "fixednonce", timestamp: 1318622958 }).authorization,
    );
  });

  it("oauth1Layer rejects a request it cannot sign, and the retry layer does not retry it", async () => {
    const { fetch, seen } = recorder();
    const send = composeLayers([retryLayer({}, noSleep), oauth1Layer({ ...secrets, consumerKey: "" })], fetch);
    await expect(send("https://a.example/", { method: "GET" })).rejects.toThrow(/consumerKey must be a non-empty/);
    expect(seen).toHaveLength(0);
  });

  it("bearerLayer sends a token or asks a function each attempt; a failed token is not retried", async () => {
    const { fetch, seen } = recorder(() => new Response("", { status: 503 }));
    let calls = 0;
    const token = () => Promise.resolve(`t${++calls}`);
    await composeLayers([retryLayer({}, noSleep), bearerLayer(token)], fetch)("https://a.example/", { method: "GET" });
    expect(seen.map((s) => s.authorization)).toEqual(["Bearer t1", "Bearer t2"]);
    await bearerLayer("fixed")(fetch)("https://a.example/", {});
    expect(seen[2]?.authorization).toBe("Bearer fixed");

    const failing = vi.fn(() => Promise.reject(new Error("no token")));
    const send = composeLayers([retryLayer({}, noSleep), bearerLayer(failing)], fetch);
    await expect(send("https://a.example/", { method: "GET" })).rejects.toThrow("no token");
    expect(failing).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(3);
  });

  it("basicLayer sends the percent-encoded key and secret, base64-encoded", async () => {
    const { fetch, seen } = recorder();
    await basicLayer({ consumerKey: "key one", consumerSecret: "sécret" })(fetch)("https://api.x.com/oauth2/token", {});
    const value = seen[0]?.authorization ?? "";
    expect(value).toMatch(/^Basic /);
    expect(Buffer.from(value.slice(6), "base64").toString()).toBe("key%20one:s%C3%A9cret");
  });
});

describe("timeoutLayer", () => {
  const stalls: Fetch = (_url, init) =>
    new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)));

  it("rejects a slow attempt with XAdsTimeoutError naming method and path", async () => {
    const error = await timeoutLayer(20)(stalls)("https://a.example/12/x?secret=1", { method: "GET" }).catch((e) => e);
    expect(error).toBeInstanceOf(XAdsTimeoutError);
    expect(error.message).toBe("GET /12/x: no response within 20 ms");
  });

  it("passes the caller's abort reason on, and sends nothing when already aborted", async () => {
    const controller = new AbortController();
    const pending = timeoutLayer(10_000)(stalls)("https://a.example/", { signal: controller.signal });
    controller.abort(new Error("caller gave up"));
    await expect(pending).rejects.toThrow("caller gave up");
    const { fetch, seen } = recorder();
    await expect(timeoutLayer(10_000)(fetch)("https://a.example/", { signal: controller.signal })).rejects.toThrow(
      "caller gave up",
    );
    expect(seen).toHaveLength(0);
  });

  it("keeps watching the body until it is read", async () => {
    // As fetch does, the signal errors the body.
    const stalledBody: Fetch = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"a":'));
            init.signal?.addEventListener("abort", () => c.error(init.signal?.reason));
          },
        }),
      );
    const response = await timeoutLayer(30)(stalledBody)("https://a.example/", {});
    await expect(response.text()).rejects.toBeInstanceOf(XAdsTimeoutError);
  });

  it("stops watching once the body is read, and keeps the response as fetch gave it", async () => {
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, "removeEventListener");
    const original = ok();
    const response = await timeoutLayer(10_000)(async () => original)("https://a.example/", {
      signal: controller.signal,
    });
    expect(response).toBe(original);
    expect(removed).not.toHaveBeenCalled();
    expect(await response.json()).toMatchObject({ data: { id: "18ce54d4x5t" } });
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it("is the fetch itself with 0", () => {
    const { fetch } = recorder();
    expect(timeoutLayer(0)(fetch)).toBe(fetch);
  });
});

describe("rateLimitLayer", () => {
  it("reports the state of every response that carries one", async () => {
    const states: number[] = [];
    const limited = () =>
      new Response("{}", {
        headers: { "x-rate-limit-limit": "10", "x-rate-limit-remaining": "7", "x-rate-limit-reset": "1" },
      });
    const { fetch } = recorder(limited, ok);
    const send = rateLimitLayer((state) => states.push(state.remaining))(fetch);
    await send("https://a.example/", {});
    await send("https://a.example/", {});
    expect(states).toEqual([7]);
  });
});

describe("latestRateLimit", () => {
  const windowOf = (prefix: string, remaining: number) => ({
    [`${prefix}-limit`]: "10",
    [`${prefix}-remaining`]: String(remaining),
    [`${prefix}-reset`]: "1",
  });
  it("keeps the state of the latest response that carried one, through answers that carry none", async () => {
    const tracker = latestRateLimit();
    const { fetch } = recorder(
      () => new Response("{}", { headers: windowOf("x-rate-limit", 7) }),
      ok,
      () => new Response("{}", { headers: { ...windowOf("x-rate-limit", 6), ...windowOf("x-account-rate-limit", 2) } }),
      // Only one header of the six still makes a state, as parseRateLimit reads it.
      () => new Response("{}", { headers: { "x-account-rate-limit-reset": "5" } }),
    );
    const send = tracker.layer(fetch);
    expect(tracker.state).toBeUndefined();
    await send("https://a.example/", {});
    await send("https://a.example/", {});
    expect(tracker.state).toMatchObject({ scope: "user", remaining: 7 });
    await send("https://a.example/", {});
    expect(tracker.state).toMatchObject({ scope: "account", remaining: 2, user: { remaining: 6 } });
    await send("https://a.example/", {});
    expect(tracker.state).toMatchObject({ scope: "account", reset: 5 });
    expect(tracker.state?.remaining).toBeNaN();
  });

  it("is what a client without onRateLimit reports as rateLimit", async () => {
    const { fetch } = recorder(() => new Response("{}", { headers: windowOf("x-rate-limit", 4) }), ok);
    const ads = createAdsClient({ fetch });
    await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: "a" } } });
    await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: "a" } } });
    expect(ads.rateLimit).toMatchObject({ scope: "user", remaining: 4 });
  });
});

describe("the client's stack", () => {
  it("runs caller layers per attempt inside the retries, before the timeout and signing", async () => {
    const { fetch, seen } = recorder(() => new Response("", { status: 500 }));
    let clock = 1_000_000;
    const visits: (string | null)[] = [];
    // A layer that waits 60 s of virtual time and 50 ms of real time: neither stales the signature
    // nor counts against the 30 ms attempt timeout.
    const waits: Layer = (next) => async (url, init) => {
      visits.push(new Headers(init.headers).get("authorization"));
      clock += 60_000;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return next(url, init);
    };
    const ads = createAdsClient({
      oauth1: secrets,
      fetch,
      now: () => clock,
      timeoutMs: 30,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 },
      layers: [waits],
    });
    const { data } = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: "18ce54d4x5t" } } });
    expect(data?.data.id).toBe("18ce54d4x5t");
    // The first attempt reaches the layer unsigned (a retry carries the previous attempt's header,
    // which the auth layer then replaces); the signature is taken after the layer's wait.
    expect(visits[0]).toBeNull();
    expect(seen.map((s) => /oauth_timestamp="(\d+)"/.exec(s.authorization ?? "")?.[1])).toEqual(["1060", "1120"]);
  });

  it("takes the auth flows through the same stack: a caller layer sees the auth host's calls", async () => {
    const { fetch, seen } = recorder(
      () => new Response("oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true", { status: 200 }),
      () =>
        new Response('{"token_type":"bearer","access_token":"AAAA"}', {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    const calls: string[] = [];
    const spy: Layer = (next) => (url, init) => {
      calls.push(`${init.method} ${new URL(url).pathname}`);
      return next(url, init);
    };
    const auth = createAuthClient({ oauth1: { consumerKey: "k", consumerSecret: "s" }, fetch, layers: [spy] });
    await auth.requestToken({ callback: "oob" });
    expect(await auth.bearerToken()).toBe("AAAA");
    expect(calls).toEqual(["POST /oauth/request_token", "POST /oauth2/token"]);
    expect(seen[0]?.authorization).toMatch(/^OAuth oauth_consumer_key="k"/);
    expect(seen[1]?.authorization).toBe(`Basic ${btoa("k:s")}`);
  });
});
