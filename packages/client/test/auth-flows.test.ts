import { startMocks } from "@xads/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthClient, XAdsApiError } from "../src/index.js";
import { type FaultServer, json, startFaultServer, text } from "./support/fault-server.js";

let mocks: Awaited<ReturnType<typeof startMocks>>;
let prism: string;
let server: FaultServer;
beforeAll(async () => {
  mocks = await startMocks({ names: ["auth"], ports: "free" });
  prism = mocks.servers.find((s) => s.name === "auth")?.url ?? "";
  server = await startFaultServer();
});
afterAll(async () => {
  await mocks?.stop();
  await server?.close();
});

const app = { consumerKey: "app-key", consumerSecret: "app-secret" };

describe("three-legged flow against the auth mock", () => {
  it("request token (callback URL and oob), authorize URL, access token, invalidate", async () => {
    const auth = createAuthClient({ baseUrl: prism, oauth1: app });
    const requestToken = await auth.requestToken({ callback: "https://example.com/callback" });
    expect(requestToken).toEqual({
      oauthToken: "Z6eEdO8MOmk394WozF5oKyuAv855l4Mlqo7hhlSLik",
      oauthTokenSecret: "Kd75W4OQfb2oJTV0vzGzeXftVAwgMnEK9MumzYcM",
      callbackConfirmed: true,
    });
    expect((await auth.requestToken({ callback: "oob" })).callbackConfirmed).toBe(true);

    expect(auth.authorizeUrl({ oauthToken: requestToken.oauthToken, forceLogin: true, screenName: "x dev" })).toBe(
      `${prism}/oauth/authorize?oauth_token=${requestToken.oauthToken}&force_login=true&screen_name=x%20dev`,
    );
    expect(auth.authenticateUrl({ oauthToken: requestToken.oauthToken })).toBe(
      `${prism}/oauth/authenticate?oauth_token=${requestToken.oauthToken}`,
    );

    const access = await auth.accessToken({ ...requestToken, verifier: "hfdp7dh39dks9884" });
    expect(access).toEqual({
      oauthToken: "6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY",
      oauthTokenSecret: "2EEfA6BG3ly3sR3RjE0IBSnlQu4ZrUzPiYKmrkVU",
      userId: "6253282",
      screenName: "xdevelopers",
    });
    expect(await auth.invalidateAccessToken({ token: access.oauthToken, tokenSecret: access.oauthTokenSecret })).toBe(
      "6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY",
    );
  });

  it("sends the callback in the query and signs it; the access step sends token and verifier once", async () => {
    server.script(
      text(200, "oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true"),
      text(200, "oauth_token=at&oauth_token_secret=as&user_id=1&screen_name=me"),
    );
    const auth = createAuthClient({ baseUrl: server.url, oauth1: app });
    await auth.requestToken({ callback: "oob", accessType: "read" });
    await auth.accessToken({ oauthToken: "rt", oauthTokenSecret: "rs", verifier: "1234" });
    const [first, second] = server.requests;
    expect(first?.url).toBe("/oauth/request_token?oauth_callback=oob&x_auth_access_type=read");
    expect(first?.headers.authorization).not.toContain("oauth_token=");
    expect(second?.url).toBe("/oauth/access_token?oauth_token=rt&oauth_verifier=1234");
    expect(second?.headers.authorization).not.toContain("oauth_token=");
    expect(second?.headers.authorization).not.toContain("oauth_verifier=");
  });
});

describe("application-only bearer token", () => {
  it("is fetched with Basic credentials, cached (one per application), and invalidated", async () => {
    const bearerCache = new Map<string, Promise<string>>();
    const auth = createAuthClient({
      baseUrl: server.url,
      oauth1: { consumerKey: "bearer-app", consumerSecret: "s3cret" },
      bearerCache,
    });
    server.script(
      json(200, { token_type: "bearer", access_token: "AAAA%2Btoken" }),
      json(200, { access_token: "AAAA%2Btoken" }),
      json(200, { token_type: "bearer", access_token: "BBBB" }),
    );
    const [a, b] = await Promise.all([auth.bearerToken(), auth.bearerToken()]);
    const other = createAuthClient({
      baseUrl: server.url,
      oauth1: { consumerKey: "bearer-app", consumerSecret: "s3cret" },
      bearerCache,
    });
    expect(await other.bearerToken()).toBe("AAAA%2Btoken");
    expect(a).toBe("AAAA%2Btoken");
    expect(b).toBe(a);
    expect(server.requests).toHaveLength(1);
    const tokenRequest = server.requests[0];
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${Buffer.from("bearer-app:s3cret").toString("base64")}`);
    expect(tokenRequest?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(tokenRequest?.body.toString()).toBe("grant_type=client_credentials");

    expect(await auth.invalidateBearerToken({ ownerToken: "owner", ownerTokenSecret: "owner-secret" })).toBe(
      "AAAA%2Btoken",
    );
    const invalidate = server.requests[1];
    expect(invalidate?.url).toBe("/oauth2/invalidate_token?access_token=AAAA%2Btoken");
    expect(invalidate?.headers.authorization).toMatch(/^OAuth .*oauth_token="owner"/);
    expect(await auth.bearerToken()).toBe("BBBB");
  });

  it("is cached per client unless clients share a bearerCache", async () => {
    const options = { baseUrl: server.url, oauth1: { consumerKey: "own-cache-app", consumerSecret: "s" } };
    server.script(
      json(200, { token_type: "bearer", access_token: "DDDD" }),
      json(200, { token_type: "bearer", access_token: "DDDD" }),
    );
    const first = createAuthClient(options);
    const second = createAuthClient(options);
    expect(await first.bearerToken()).toBe("DDDD");
    expect(await first.bearerToken()).toBe("DDDD");
    expect(await second.bearerToken()).toBe("DDDD");
    expect(server.requests.filter((r) => r.url === "/oauth2/token")).toHaveLength(2);
  });

  it("works against the auth mock", async () => {
    const auth = createAuthClient({ baseUrl: prism, oauth1: { consumerKey: "mock-app", consumerSecret: "x" } });
    expect(await auth.bearerToken()).toMatch(/^AAAA/);
  });

  it("reports the host's error (403 code 99) as XAdsApiError and does not cache the failure", async () => {
    const auth = createAuthClient({ baseUrl: server.url, oauth1: { consumerKey: "refused-app", consumerSecret: "s" } });
    server.script(
      json(403, {
        errors: [{ code: 99, label: "authenticity_token_error", message: "Unable to verify your credentials" }],
      }),
      json(200, { token_type: "bearer", access_token: "CCCC" }),
    );
    const error = (await auth.bearerToken().catch((e: unknown) => e)) as XAdsApiError;
    expect(error).toBeInstanceOf(XAdsApiError);
    expect(error.status).toBe(403);
    expect(error.errors[0]).toMatchObject({ code: 99 });
    expect(error.message).not.toContain("Basic");
    expect(await auth.bearerToken()).toBe("CCCC");
  });
});

describe("HTTPS", () => {
  it("is required for every auth step except on loopback", () => {
    expect(() => createAuthClient({ baseUrl: "http://api.example.com", oauth1: app })).toThrow(
      /baseUrl must use https:\/\/ \(got http:\/\/api.example.com\).*allowed only on loopback/,
    );
    for (const url of ["https://api.x.com", "http://127.0.0.1:4010", "http://localhost:4010", "http://[::1]:4010"]) {
      expect(() => createAuthClient({ baseUrl: url })).not.toThrow();
    }
  });
  it("names the missing credentials", async () => {
    await expect(createAuthClient({ baseUrl: prism }).requestToken({ callback: "oob" })).rejects.toThrow(
      /oauth1 \{ consumerKey, consumerSecret \} is required/,
    );
    await expect(createAuthClient({ baseUrl: prism, oauth1: app }).requestToken({ callback: "" })).rejects.toThrow(
      /callback must be a non-empty string/,
    );
  });
});
