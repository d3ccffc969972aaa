import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { signOAuth1 } from "@xads/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realHostCredentials, realHostSigner, withRealAccount } from "../../src/real-host-auth.js";
import { send, validRequest } from "../../src/requests.js";
import { operation } from "./fixture.js";

const env = {
  XADS_OAUTH_CONSUMER_KEY: "consumer-key-1",
  XADS_OAUTH_CONSUMER_SECRET: "consumer-secret-never-shown",
  XADS_OAUTH_TOKEN: "token-1",
  XADS_OAUTH_TOKEN_SECRET: "token-secret-never-shown",
  XADS_ACCOUNT_ID: "real-account",
};

/** A local stand-in for a real host that records what it receives. */
const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
    response.writeHead(200, { "content-type": "application/json" }).end('{"data":{}}');
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

function oauthParameters(header: string) {
  return Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k as string, decodeURIComponent(v as string)]),
  );
}

describe("real-host mode", () => {
  it("names the missing credentials and never their values", () => {
    const partial = { XADS_OAUTH_CONSUMER_SECRET: env.XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN: "t" };
    expect(() => realHostCredentials(partial)).toThrowError(
      "real-host mode needs the environment variables XADS_OAUTH_CONSUMER_KEY, XADS_OAUTH_TOKEN_SECRET (they are not set)",
    );
    try {
      realHostCredentials(partial);
    } catch (error) {
      expect(String(error)).not.toContain(env.XADS_OAUTH_CONSUMER_SECRET);
    }
  });

  it("signs the request it sends with OAuth 1.0a over the query string (signOAuth1 of @xads/client)", async () => {
    const entry = operation("getThing");
    const plan = withRealAccount(validRequest(entry), env);
    plan.query.count = 20;
    plan.query.ids = ["ab", "cd"];
    const sign = await realHostSigner(env);
    const answer = await send(base, entry, plan, { sign });
    expect(answer.status).toBe(200);
    const last = received.at(-1);
    const header = String(last?.headers.authorization);
    expect(header.startsWith("OAuth ")).toBe(true);
    expect(header).not.toContain(env.XADS_OAUTH_CONSUMER_SECRET);
    expect(header).not.toContain(env.XADS_OAUTH_TOKEN_SECRET);
    const oauth = oauthParameters(header);
    expect(oauth.oauth_consumer_key).toBe("consumer-key-1");
    expect(oauth.oauth_token).toBe("token-1");
    // the same signature, recomputed from the URL the host saw, proves the query string was covered
    const again = signOAuth1({
      method: "GET",
      url: `${base}${last?.url}`,
      consumerKey: env.XADS_OAUTH_CONSUMER_KEY,
      consumerSecret: env.XADS_OAUTH_CONSUMER_SECRET,
      token: env.XADS_OAUTH_TOKEN,
      tokenSecret: env.XADS_OAUTH_TOKEN_SECRET,
      nonce: oauth.oauth_nonce,
      timestamp: oauth.oauth_timestamp,
    });
    expect(oauth.oauth_signature).toBe(again.signature);
    expect(last?.url).toBe("/1/things/t1?count=20&ids=ab%2Ccd");
  });

  it("sends Basic credentials to the token endpoint, and leaves an unauthenticated plan unsigned", async () => {
    const sign = await realHostSigner(env);
    const token = operation("createToken");
    await send(base, token, validRequest(token), { sign });
    const basic = Buffer.from(`${env.XADS_OAUTH_CONSUMER_KEY}:${env.XADS_OAUTH_CONSUMER_SECRET}`).toString("base64");
    expect(received.at(-1)?.headers.authorization).toBe(`Basic ${basic}`);
    expect(received.at(-1)?.body).toBe("grant_type=client_credentials");

    const entry = operation("getThing");
    const anonymous = validRequest(entry);
    anonymous.headers = {};
    await send(base, entry, anonymous, { sign });
    expect(received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("puts XADS_ACCOUNT_ID in place of the account_id example", () => {
    const plan = { method: "GET", path: { account_id: "18ce54d4x5t" }, query: { account_id: "x" }, headers: {} };
    expect(withRealAccount(plan, env)).toMatchObject({
      path: { account_id: "real-account" },
      query: { account_id: "real-account" },
    });
    expect(withRealAccount(plan, {})).toBe(plan);
  });
});
