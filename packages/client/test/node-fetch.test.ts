// @xads/client/node's fetch (undici's dispatcher API) against local node:http servers: what it sends,
// keep-alive, aborts before the headers and while the body stalls, the client's timeout, redirects as
// fetch follows them (credentials never cross origins), and a signed flow the emulator's strict
// signature check accepts.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createEmulator, type Emulator } from "@xads/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdsClient, XAdsTimeoutError } from "../src/index.js";
import { createNodeFetch, type NodeFetch } from "../src/node/index.js";

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handler);
  const sockets = new Set<unknown>();
  server.on("connection", (socket) => sockets.add(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, connections: () => sockets.size };
}

const stalled = new Set<ServerResponse>();
async function route(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", "http://localhost");
  const body = await readBody(request);
  switch (url.pathname) {
    case "/stall-headers":
      stalled.add(response);
      return;
    case "/stall-body":
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"data":');
      stalled.add(response);
      return;
    case "/invalid-json":
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{not json");
      return;
    case "/redirect": {
      response.writeHead(Number(url.searchParams.get("status")), { location: url.searchParams.get("to") ?? "/" });
      response.end("moved");
      return;
    }
    case "/loop":
      response.writeHead(302, { location: "/loop" }).end();
      return;
    case "/empty":
      response.writeHead(204).end();
      return;
    default: {
      const echo: Echo = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
      response.writeHead(200, { "content-type": "application/json", "x-multi": ["a", "b"] });
      response.end(JSON.stringify(echo));
    }
  }
}

let a: Awaited<ReturnType<typeof listen>>;
let b: Awaited<ReturnType<typeof listen>>;
let nodeFetch: NodeFetch;
const servers: Server[] = [];

beforeAll(async () => {
  a = await listen(route);
  b = await listen(route);
  servers.push(a.server, b.server);
  nodeFetch = createNodeFetch();
});
afterAll(async () => {
  for (const response of stalled) response.destroy();
  await nodeFetch.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

describe("createNodeFetch", () => {
  it("sends the method, headers and a string body, and answers a real Response", async () => {
    const response = await nodeFetch(`${a.origin}/things?x=1&y=%20`, {
      method: "POST",
      headers: new Headers({ "content-type": "application/json", "x-custom": "yes" }),
      body: '{"a":1}',
    });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${a.origin}/things?x=1&y=%20`);
    expect(response.redirected).toBe(false);
    expect(response.headers.get("x-multi")).toBe("a, b");
    const echo = (await response.json()) as Echo;
    expect(echo).toMatchObject({ method: "POST", url: "/things?x=1&y=%20", body: '{"a":1}' });
    expect(echo.headers).toMatchObject({
      "content-type": "application/json",
      "x-custom": "yes",
      "content-length": "7",
      host: a.origin.slice("http://".length),
    });
  });

  it("sends GET without a body, a Blob body with its bytes, and answers 204 without a body", async () => {
    const get = (await (await nodeFetch(`${a.origin}/get`, { headers: new Headers() })).json()) as Echo;
    expect(get).toMatchObject({ method: "GET", body: "" });
    const blob = new Blob([new Uint8Array([104, 105])], { type: "application/octet-stream" });
    const put = (await (await nodeFetch(`${a.origin}/put`, { method: "put", body: blob })).json()) as Echo;
    expect(put).toMatchObject({ method: "PUT", body: "hi" });
    expect(put.headers["content-type"]).toBe("application/octet-stream");
    const empty = await nodeFetch(`${a.origin}/empty`, {});
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it("keeps connections alive: sequential requests reuse them", async () => {
    for (const [connections, most] of [
      [1, 1],
      // undici opens a second connection for the second request (its first is not idle yet), as its
      // own request() and fetch do; then the two serve all.
      [undefined, 2],
    ] as const) {
      const own = createNodeFetch({ connections });
      const server = await listen(route);
      servers.push(server.server);
      for (let i = 0; i < 20; i++) await (await own(`${server.origin}/n${i}`, {})).text();
      expect(server.connections()).toBeLessThanOrEqual(most);
      await own.close();
    }
  });

  it("rejects with the signal's reason when aborted before the headers", async () => {
    const controller = new AbortController();
    const pending = nodeFetch(`${a.origin}/stall-headers`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 50);
    await expect(pending).rejects.toThrow("stop");
    const aborted = AbortSignal.abort(new Error("already"));
    await expect(nodeFetch(`${a.origin}/get`, { signal: aborted })).rejects.toThrow("already");
  });

  it("errors the body with the signal's reason when aborted while the body stalls", async () => {
    const controller = new AbortController();
    const response = await nodeFetch(`${a.origin}/stall-body`, { signal: controller.signal });
    expect(response.status).toBe(200);
    setTimeout(() => controller.abort(new Error("body stop")), 50);
    await expect(response.text()).rejects.toThrow("body stop");
  });

  it("follows 302 and 303 as a GET without body, 307 with method and body", async () => {
    const post = (status: number) =>
      nodeFetch(`${a.origin}/redirect?status=${status}&to=/landed`, {
        method: "POST",
        headers: new Headers({ "content-type": "application/x-www-form-urlencoded", authorization: "OAuth x" }),
        body: "a=1",
      });
    for (const status of [302, 303]) {
      const response = await post(status);
      expect(response.redirected).toBe(true);
      expect(response.url).toBe(`${a.origin}/landed`);
      const echo = (await response.json()) as Echo;
      expect(echo).toMatchObject({ method: "GET", url: "/landed", body: "" });
      expect(echo.headers["content-type"]).toBeUndefined();
      // Same origin: the authorization goes along, as fetch sends it.
      expect(echo.headers.authorization).toBe("OAuth x");
    }
    const kept = (await (await post(307)).json()) as Echo;
    expect(kept).toMatchObject({ method: "POST", url: "/landed", body: "a=1" });
    expect(kept.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const get303 = (await (
      await nodeFetch(`${a.origin}/redirect?status=303&to=/g`, { headers: new Headers({ "x-k": "1" }) })
    ).json()) as Echo;
    expect(get303).toMatchObject({ method: "GET", url: "/g" });
    expect(get303.headers["x-k"]).toBe("1");
  });

  it("never forwards the authorization to another origin", async () => {
    for (const status of [302, 307]) {
      const response = await nodeFetch(`${a.origin}/redirect?status=${status}&to=${b.origin}/other`, {
        method: "GET",
        headers: new Headers({ authorization: "OAuth secret", "x-k": "1" }),
      });
      const echo = (await response.json()) as Echo;
      expect(response.url).toBe(`${b.origin}/other`);
      expect(echo.headers.authorization).toBeUndefined();
      expect(echo.headers["x-k"]).toBe("1");
    }
  });

  it("answers the 3xx itself with redirect: manual, and stops after maxRedirects", async () => {
    const manual = await nodeFetch(`${a.origin}/redirect?status=302&to=/x`, { redirect: "manual" });
    expect(manual.status).toBe(302);
    expect(manual.headers.get("location")).toBe("/x");
    expect(await manual.text()).toBe("moved");
    const loop = createNodeFetch({ dispatcher: nodeFetch.dispatcher, maxRedirects: 2 });
    await expect(loop(`${a.origin}/loop`, {})).rejects.toThrow(/redirect count exceeded/);
  });

  it("refuses options it cannot honour, naming the option and the rule", () => {
    expect(() => createNodeFetch({ connections: 0 })).toThrow(
      "createNodeFetch: connections must be a whole number of at least 1 (got 0)",
    );
    expect(() => createNodeFetch({ maxRedirects: -1 })).toThrow(/maxRedirects must be a whole number of at least 0/);
    expect(() => createNodeFetch({ keepAliveTimeout: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });

  it("rejects with a TypeError when nothing listens", async () => {
    const closed = await listen(route);
    await new Promise((resolve) => closed.server.close(resolve));
    await expect(nodeFetch(`${closed.origin}/`, {})).rejects.toThrow(TypeError);
  });
});

describe("createNodeFetch through the client", () => {
  const oauth1 = { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" };

  it("signs, sends and parses a call", async () => {
    const ads = createAdsClient({ baseUrl: a.origin, oauth1, fetch: nodeFetch, retry: false });
    const { data, response } = await ads.GET("/12/accounts/{account_id}", {
      params: { path: { account_id: "abc" }, query: { with_deleted: true } },
    });
    expect(response.status).toBe(200);
    const echo = data as unknown as Echo;
    expect(echo.url).toBe("/12/accounts/abc?with_deleted=true");
    expect(echo.headers.authorization).toMatch(/^OAuth oauth_consumer_key="ck",/);
  });

  it("times out with XAdsTimeoutError, before the headers and while the body stalls", async () => {
    const ads = createAdsClient({ baseUrl: a.origin, oauth1, fetch: nodeFetch, retry: false, timeoutMs: 100 });
    await expect(ads.GET("/stall-headers" as "/12/accounts")).rejects.toBeInstanceOf(XAdsTimeoutError);
    await expect(ads.GET("/stall-body" as "/12/accounts")).rejects.toBeInstanceOf(XAdsTimeoutError);
  });

  it("treats a 200 with invalid JSON as the default fetch does", async () => {
    const outcome = async (fetch: typeof nodeFetch | undefined) => {
      const ads = createAdsClient({ baseUrl: a.origin, oauth1, retry: false, ...(fetch ? { fetch } : {}) });
      return ads.GET("/invalid-json" as "/12/accounts").then(
        (result) => ({ status: result.response.status, data: result.data, error: result.error }),
        (error: unknown) => ({ thrown: String(error instanceof Error ? error.name : error) }),
      );
    };
    const ours = await outcome(nodeFetch);
    expect(ours).toEqual(await outcome(undefined));
    expect(ours).toHaveProperty("thrown", "SyntaxError");
  });
});

describe("createNodeFetch against the emulator (strict signatures)", () => {
  let emulator: Emulator;
  let served: Awaited<ReturnType<Emulator["listen"]>>;
  beforeAll(async () => {
    emulator = await createEmulator({ auth: "strict", rateLimits: true });
    served = await emulator.listen();
  });
  afterAll(() => served?.close());

  it("sends signed reads and writes the emulator accepts, and a wrong secret it refuses", async () => {
    const { consumerKey, consumerSecret, token, tokenSecret, accountId } = emulator.fixture;
    const ads = createAdsClient({
      baseUrl: served.urls.ads,
      oauth1: { consumerKey, consumerSecret, token, tokenSecret },
      fetch: nodeFetch,
    });
    const account = await ads.GET("/12/accounts/{account_id}", { params: { path: { account_id: accountId } } });
    expect(account.response.status, JSON.stringify(account.error)).toBe(200);
    expect(account.data?.data.id).toBe(accountId);
    const campaign = await ads.POST("/12/accounts/{account_id}/campaigns", {
      params: {
        path: { account_id: accountId },
        query: {
          funding_instrument_id: emulator.fixture.fundingInstrumentId,
          name: "through undici",
          entity_status: "PAUSED",
        },
      },
    });
    expect(campaign.response.status, JSON.stringify(campaign.error)).toBe(200);
    expect(campaign.data?.data.name).toBe("through undici");
    const forged = createAdsClient({
      baseUrl: served.urls.ads,
      oauth1: { consumerKey, consumerSecret: "wrong", token, tokenSecret },
      fetch: nodeFetch,
    });
    expect((await forged.GET("/12/accounts")).response.status).toBe(401);
  });
});
