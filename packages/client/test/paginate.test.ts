import { startMocks } from "@xads/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdsClient, paginate, XAdsApiError } from "../src/index.js";
import { type FaultServer, json, startFaultServer, text } from "./support/fault-server.js";

let server: FaultServer;
let mocks: Awaited<ReturnType<typeof startMocks>>;
let prism: string;
beforeAll(async () => {
  server = await startFaultServer();
  mocks = await startMocks({ names: ["ads"], ports: "free" });
  prism = mocks.servers.find((s) => s.name === "ads")?.url ?? "";
});
afterAll(async () => {
  await server?.close();
  await mocks?.stop();
});

const oauth1 = { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" };
const page = (ids: string[], next: string | null) =>
  json(200, { request: { params: {} }, data: ids.map((id) => ({ id })), next_cursor: next });

describe("paginate", () => {
  it("follows next_cursor, keeps count and the other parameters, and stops at null", async () => {
    const ads = createAdsClient({ baseUrl: server.url, oauth1 });
    server.script(page(["a", "b"], "c1"), page(["c", "d"], "c2"), page(["e"], null));
    const ids: string[] = [];
    for await (const account of paginate(ads, "/12/accounts", {
      params: { query: { count: 2, with_total_count: true, q: "demo" } },
    })) {
      ids.push(account.id);
    }
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/12/accounts?count=2&with_total_count=true&q=demo",
      "/12/accounts?count=2&q=demo&cursor=c1",
      "/12/accounts?count=2&q=demo&cursor=c2",
    ]);
  });

  it("stops after limit records without fetching further pages", async () => {
    const ads = createAdsClient({ baseUrl: server.url, oauth1 });
    server.script(page(["a", "b"], "c1"), page(["c", "d"], "c2"));
    const ids: string[] = [];
    for await (const account of paginate(ads, "/12/accounts", { params: { query: { count: 2 } }, limit: 3 }))
      ids.push(account.id);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(server.requests).toHaveLength(2);
  });

  it("throws XAdsApiError on an error page (including an HTML one) and on a repeating cursor", async () => {
    const ads = createAdsClient({ baseUrl: server.url, oauth1, retry: false });
    server.script(page(["a"], "c1"), text(404, "<html>gone</html>", "text/html"));
    const seen: string[] = [];
    const error = await (async () => {
      for await (const account of paginate(ads, "/12/accounts")) seen.push(account.id);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(["a"]);
    expect(error).toBeInstanceOf(XAdsApiError);
    expect((error as XAdsApiError).status).toBe(404);
    server.script(page(["a"], "same"), page(["b"], "same"));
    await expect(async () => {
      for await (const _ of paginate(ads, "/12/accounts")) void _;
    }).rejects.toThrow(/next_cursor repeats/);
    await expect(async () => {
      for await (const _ of paginate(ads, "/12/accounts", { limit: 0 })) void _;
    }).rejects.toThrow(/limit must be a positive integer/);
  });

  it("throws XAdsApiError, not a raw SyntaxError, on a 200 whose body is not JSON", async () => {
    const ads = createAdsClient({ baseUrl: server.url, oauth1 });
    server.script(page(["a"], "c1"), text(200, "<html>maintenance</html>", "application/json"));
    const ids: string[] = [];
    const error = await (async () => {
      for await (const account of paginate(ads, "/12/accounts")) ids.push(account.id);
    })().catch((e: unknown) => e);
    expect(ids).toEqual(["a"]);
    expect(error).toBeInstanceOf(XAdsApiError);
    expect(error).toMatchObject({ status: 200, method: "GET", path: "/12/accounts" });
  });

  it("reads typed records from the ads mock", async () => {
    const ads = createAdsClient({ baseUrl: prism, oauth1 });
    const accounts = [];
    for await (const account of paginate(ads, "/12/accounts", { params: { query: { count: 200 } } }))
      accounts.push(account);
    expect(accounts.length).toBeGreaterThan(0);
    expect(typeof accounts[0]?.id).toBe("string");
    expect(typeof accounts[0]?.timezone).toBe("string");
  });
});

describe("the ads client against the mock", () => {
  it("reads one account; the base URL is the only difference from production", async () => {
    const ads = createAdsClient({ baseUrl: prism, oauth1 });
    const { data, error } = await ads.GET("/12/accounts/{account_id}", {
      params: { path: { account_id: "18ce54d4x5t" } },
    });
    expect(error).toBeUndefined();
    expect(data?.data?.id).toBeTypeOf("string");
    expect(ads.baseUrl).toBe(prism);
    expect(createAdsClient().baseUrl).toBe("https://ads-api.x.com");
  });

  it("surfaces the mock's documented 400 for a broken bound as XAdsApiError", async () => {
    const ads = createAdsClient({ baseUrl: prism, oauth1, throwOnError: true });
    const error = (await ads
      .GET("/12/accounts", { params: { query: { count: 0 } } })
      .catch((e: unknown) => e)) as XAdsApiError;
    expect(error).toBeInstanceOf(XAdsApiError);
    expect(error.status).toBe(400);
    expect(error.errors[0]?.code).toBe("INVALID_PARAMETER");
  });
});
