// The signing proxy (`xads-sign-proxy`): how it signs each request (a pure plan), and end to end in
// front of a strict emulator, with the hostile cases: oversized bodies, a dead target, unknown tokens.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createEmulator, type Emulator } from "@xads/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSigningProxy,
  createTokenMemory,
  credentialsFromEnv,
  planSigning,
  RELAYED_TOKEN_HEADER,
  RELAYED_VERIFIER_HEADER,
  type SigningProxy,
} from "../src/sign-proxy/index.js";

const credentials = { consumerKey: "ck", consumerSecret: "cs", token: "user-token", tokenSecret: "user-secret" };
const plan = (method: string, url: string, extra: { authorization?: string; signToken?: string } = {}) => {
  const parsed = new URL(url, "http://proxy.invalid");
  const tokens = new Map([["relayed", "relayed-secret"]]);
  return planSigning({
    method,
    path: parsed.pathname,
    query: parsed.searchParams,
    authorization: extra.authorization,
    signToken: extra.signToken,
    credentials,
    secretOf: (token) => tokens.get(token),
  });
};

describe("the signing plan", () => {
  it("keeps an Authorization the caller sent (a bearer token)", () => {
    expect(plan("GET", "/12/accounts", { authorization: "Bearer abc" })).toEqual({ kind: "keep" });
  });
  it("follows the operation's security from the spec: Basic for oauth2/token, nothing for authorize", () => {
    expect(plan("POST", "/oauth2/token")).toEqual({ kind: "basic" });
    expect(plan("GET", "/oauth/authorize?oauth_token=x")).toEqual({ kind: "none" });
  });
  it("signs the request-token step (it carries oauth_callback) without a token", () => {
    expect(plan("POST", "/oauth/request_token?oauth_callback=oob")).toEqual({ kind: "oauth1" });
  });
  it("signs the access-token step with the relayed request token it carries", () => {
    expect(plan("POST", "/oauth/access_token?oauth_token=relayed&oauth_verifier=v")).toEqual({
      kind: "oauth1",
      token: "relayed",
      tokenSecret: "relayed-secret",
    });
  });
  it("signs with a relayed token named by x-xads-sign-token, and refuses one it never relayed", () => {
    expect(plan("GET", "/12/accounts", { signToken: "relayed" })).toMatchObject({ token: "relayed" });
    const refused = plan("GET", "/12/accounts", { signToken: "made-up" });
    expect(refused).toMatchObject({ kind: "error", message: expect.stringContaining("x-xads-sign-token") });
  });
  it("signs everything else with the user's token", () => {
    expect(plan("DELETE", "/12/accounts/a/campaigns/c")).toEqual({
      kind: "oauth1",
      token: "user-token",
      tokenSecret: "user-secret",
    });
  });
});

describe("the token memory", () => {
  it("learns tokens from `&`-joined answers and forgets the oldest past its capacity", () => {
    const memory = createTokenMemory(2);
    expect(memory.learn("oauth_token=a&oauth_token_secret=sa&oauth_callback_confirmed=true")).toBe("a");
    memory.learn("oauth_token=b&oauth_token_secret=sb");
    memory.learn("oauth_token=c&oauth_token_secret=sc");
    expect(memory.size).toBe(2);
    expect(memory.secretOf("a")).toBeUndefined();
    expect(memory.secretOf("c")).toBe("sc");
    expect(memory.learn("not a token answer")).toBeUndefined();
    expect(memory.learn(`oauth_token=x&oauth_token_secret=${"y".repeat(5000)}`)).toBeUndefined();
  });
});

describe("the proxy in front of a strict emulator", () => {
  let emulator: Emulator;
  let served: Awaited<ReturnType<Emulator["listen"]>>;
  let ads: SigningProxy;
  let auth: SigningProxy;
  beforeAll(async () => {
    emulator = await createEmulator({ auth: "strict" });
    served = await emulator.listen();
    const { consumerKey, consumerSecret, token, tokenSecret } = emulator.fixture;
    const fixtureCredentials = { consumerKey, consumerSecret, token, tokenSecret };
    const tokens = createTokenMemory();
    ads = await createSigningProxy({
      target: served.urls.ads,
      credentials: fixtureCredentials,
      tokens,
      maxBodyBytes: 1024,
    });
    auth = await createSigningProxy({ target: served.urls.auth, credentials: fixtureCredentials, tokens });
  });
  afterAll(async () => {
    await ads?.close();
    await auth?.close();
    await served?.close();
  });

  it("signs requests the emulator refuses unsigned", async () => {
    expect((await fetch(`${served.urls.ads}/12/accounts`)).status).toBe(401);
    const answer = await fetch(`${ads.url}/12/accounts`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).data[0].id).toBe(emulator.fixture.accountId);
  });

  it("signs a form body and sends Basic credentials where the operation takes them", async () => {
    const answer = await fetch(`${auth.url}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(answer.status).toBe(200);
    expect((await answer.json()).token_type).toBe("bearer");
  });

  it("relays the three-legged flow's token and verifier in headers, and signs with the new token across hosts", async () => {
    const callback = encodeURIComponent("https://app.example/cb");
    const requested = await fetch(`${auth.url}/oauth/request_token?oauth_callback=${callback}`, { method: "POST" });
    const requestToken = requested.headers.get(RELAYED_TOKEN_HEADER) ?? "";
    expect(await requested.text()).toContain(`oauth_token=${requestToken}&`);
    const redirect = await fetch(`${auth.url}/oauth/authorize?oauth_token=${requestToken}`);
    const verifier = redirect.headers.get(RELAYED_VERIFIER_HEADER) ?? "";
    expect(verifier).not.toBe("");
    const access = await fetch(
      `${auth.url}/oauth/access_token?oauth_token=${requestToken}&oauth_verifier=${verifier}`,
      {
        method: "POST",
      },
    );
    expect(access.status).toBe(200);
    const accessToken = access.headers.get(RELAYED_TOKEN_HEADER) ?? "";
    const signed = await fetch(`${ads.url}/12/accounts`, { headers: { "x-xads-sign-token": accessToken } });
    expect(signed.status).toBe(200);
  });

  it("answers 413 for a body over its limit and 400 for an unknown sign token, without secrets", async () => {
    const big = await fetch(`${ads.url}/12/accounts`, { method: "POST", body: "x".repeat(4096) });
    expect(big.status).toBe(413);
    const bigText = await big.text();
    expect(bigText).toContain("maxBodyBytes");
    const unknown = await fetch(`${ads.url}/12/accounts`, { headers: { "x-xads-sign-token": "never-issued" } });
    expect(unknown.status).toBe(400);
    const unknownText = await unknown.text();
    for (const secret of [emulator.fixture.consumerSecret, emulator.fixture.tokenSecret]) {
      expect(bigText).not.toContain(secret);
      expect(unknownText).not.toContain(secret);
    }
  });

  it("answers 502 naming the target when it does not answer, and stays up", async () => {
    const dead = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve));
    const port = (dead.address() as AddressInfo).port;
    const proxy = await createSigningProxy({ target: `http://127.0.0.1:${port}`, credentials });
    try {
      const answer = await fetch(`${proxy.url}/12/accounts`);
      expect(answer.status).toBe(502);
      const text = await answer.text();
      expect(text).toContain(`GET http://127.0.0.1:${port}/12/accounts`);
      expect(text).not.toContain(credentials.consumerSecret);
      expect((await fetch(`${proxy.url}/12/accounts`)).status).toBe(502);
    } finally {
      await proxy.close();
      dead.close();
    }
  });

  it("refuses a target that is not an absolute http(s) URL, naming the option", async () => {
    await expect(createSigningProxy({ target: "ftp://x", credentials })).rejects.toThrow(
      /target must be http or https/,
    );
    await expect(createSigningProxy({ target: "nope", credentials })).rejects.toThrow(/target must be an absolute/);
  });
});

describe("credentials and the bin", () => {
  it("names the missing variables and never their values", () => {
    expect(() => credentialsFromEnv({ XADS_OAUTH_CONSUMER_KEY: "k", XADS_OAUTH_TOKEN_SECRET: "s3cr3t" })).toThrow(
      "set XADS_OAUTH_CONSUMER_SECRET, XADS_OAUTH_TOKEN (the credentials to sign with)",
    );
  });

  it("the bin refuses to start without credentials and prints none", () => {
    const run = spawnSync(process.execPath, ["dist/sign-proxy/cli.js", "--target", "http://127.0.0.1:9"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, XADS_OAUTH_CONSUMER_SECRET: "very-secret-value" },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("set XADS_OAUTH_CONSUMER_KEY, XADS_OAUTH_TOKEN, XADS_OAUTH_TOKEN_SECRET");
    expect(run.stderr + run.stdout).not.toContain("very-secret-value");
  });
});
