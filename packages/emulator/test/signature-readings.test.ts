// Strict verification of the signatures published clients make: twitter-api-v2's `login` (the request
// token in the header and in the form body, signed once), the former twitter.com host names, and the
// URL a TLS terminator on this machine forwards.
import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { initialAuthState } from "../src/auth/state.js";
import { authenticate, NonceCache } from "../src/auth/verify.js";
import { documents, operations } from "../src/generated/index.js";
import type { Emulator } from "../src/index.js";
import { accountPath, authorization, call, newEmulator } from "./helpers.js";

const AUTH = "https://api.x.com";

/** RFC 3986 percent-encoding, as the clients write it. */
const enc = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An Authorization signed the way twitter-api-v2 1.29.1 signs (client-mixins/oauth1.helper.js): the
 * header's parameters and the form body's are merged into one map by name, so a name in both counts
 * once; the base URL is the URL without its query.
 */
function mergedAuthorization(
  emu: Emulator,
  url: string,
  body: Record<string, string>,
  token: { key: string; secret: string } | undefined,
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: emu.fixture.consumerKey,
    oauth_nonce: randomBytes(16).toString("hex"),
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(Math.floor(emu.clock.now() / 1000)),
    oauth_version: "1.0",
    ...(token ? { oauth_token: token.key } : {}),
  };
  const merged = { ...oauth, ...body };
  const parameters = Object.keys(merged)
    .sort()
    .map((key) => `${enc(key)}=${enc(merged[key] ?? "")}`)
    .join("&");
  const base = `POST&${enc(url.split("?")[0] ?? "")}&${enc(parameters)}`;
  const key = `${enc(emu.fixture.consumerSecret)}&${enc(token?.secret ?? "")}`;
  oauth.oauth_signature = createHmac("sha1", key).update(base).digest("base64");
  return `OAuth ${Object.keys(oauth)
    .sort()
    .map((k) => `${enc(k)}="${enc(oauth[k] ?? "")}"`)
    .join(",")}`;
}

const formOf = (body: Record<string, string>) => new URLSearchParams(body).toString();

async function requestToken(emu: Emulator, callback: string) {
  const body = { oauth_callback: callback };
  const url = `${AUTH}/oauth/request_token`;
  const answer = await call(emu, "POST", url, {
    form: formOf(body),
    headers: { authorization: mergedAuthorization(emu, url, body, undefined) },
  });
  expect(answer.status).toBe(200);
  const issued = new URLSearchParams(answer.text);
  return { key: issued.get("oauth_token") ?? "", secret: issued.get("oauth_token_secret") ?? "" };
}

/** twitter-api-v2's `login(verifier)`: POST /oauth/access_token, the request token in header and body. */
async function login(emu: Emulator, token: { key: string; secret: string }, verifier: string) {
  const body = { oauth_token: token.key, oauth_verifier: verifier };
  const url = `${AUTH}/oauth/access_token`;
  return call(emu, "POST", url, {
    form: formOf(body),
    headers: { authorization: mergedAuthorization(emu, url, body, token) },
  });
}

describe("twitter-api-v2's login: oauth_token in the header and the form body, signed once", () => {
  it("exchanges the request token after a callback redirect", async () => {
    const emu = await newEmulator();
    const token = await requestToken(emu, "https://client.example.com/cb");
    const page = await call(emu, "GET", `${AUTH}/oauth/authorize?oauth_token=${token.key}`, { anonymous: true });
    const verifier = new URL(page.headers.get("x-xads-emulator-callback") ?? "").searchParams.get("oauth_verifier");
    const answer = await login(emu, token, verifier ?? "");
    expect(answer.status).toBe(200);
    const access = new URLSearchParams(answer.text);
    const signed = await call(emu, "GET", accountPath(emu), {
      token: access.get("oauth_token") ?? "",
      tokenSecret: access.get("oauth_token_secret") ?? "",
    });
    expect(signed.status).toBe(200);
  });

  it("exchanges it with a PIN (oob)", async () => {
    const emu = await newEmulator();
    const token = await requestToken(emu, "oob");
    const page = await call(emu, "GET", `${AUTH}/oauth/authenticate?oauth_token=${token.key}`, { anonymous: true });
    const pin = /id="oauth_pin">(\d+)</.exec(page.text)?.[1] ?? "";
    expect((await login(emu, token, pin)).status).toBe(200);
  });

  it("still takes the RFC 5849 reading that counts oauth_token twice", async () => {
    const emu = await newEmulator();
    const token = await requestToken(emu, "oob");
    const page = await call(emu, "GET", `${AUTH}/oauth/authenticate?oauth_token=${token.key}`, { anonymous: true });
    const pin = /id="oauth_pin">(\d+)</.exec(page.text)?.[1] ?? "";
    const form = formOf({ oauth_token: token.key, oauth_verifier: pin });
    const answer = await call(emu, "POST", `${AUTH}/oauth/access_token`, {
      form,
      token: token.key,
      tokenSecret: token.secret,
    });
    expect(answer.status).toBe(200);
  });

  it("counts a header parameter once only when the body repeats the same value", async () => {
    const emu = await newEmulator();
    const token = await requestToken(emu, "oob");
    const body = { oauth_token: "another", oauth_verifier: "1234567" };
    const url = `${AUTH}/oauth/access_token`;
    // Signed as the merged map, but the body's token differs from the header's: not the same pair.
    const header = mergedAuthorization(emu, url, body, token);
    const answer = await call(emu, "POST", url, { form: formOf(body), headers: { authorization: header } });
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe(32);
  });
});

describe("the host names the API answers on, current and former", () => {
  const path = "/12/accounts/18ce54d4x5t";

  it("lists every former twitter.com name in the generated tables, from the spec", () => {
    const legacy = Object.fromEntries(documents.map((d) => [d.name, d.legacyServers]));
    expect(legacy).toEqual({
      auth: ["https://api.twitter.com"],
      ads: ["https://ads-api.twitter.com", "https://ads-api-sandbox.twitter.com"],
      "tailored-audiences": ["https://ads-api.twitter.com", "https://ads-api-sandbox.twitter.com"],
      upload: ["https://upload.twitter.com", "https://api.twitter.com"],
    });
  });

  it.each([
    "https://ads-api.x.com",
    "https://ads-api.twitter.com",
    "https://ads-api-sandbox.x.com",
    "https://ads-api-sandbox.twitter.com",
  ])("takes an ads call signed for %s and sent to the local port", async (host) => {
    const emu = await newEmulator();
    const header = authorization(emu, "GET", `${host}${path}`);
    const answer = await call(emu, "GET", `http://127.0.0.1:4011${path}`, { headers: { authorization: header } });
    expect(answer.status).toBe(200);
  });

  it.each([
    ["https://api.x.com", "/oauth/request_token?oauth_callback=oob"],
    ["https://api.twitter.com", "/oauth/request_token?oauth_callback=oob"],
    ["https://upload.x.com", "/1.1/media/upload.json?command=STATUS&media_id=1"],
    ["https://upload.twitter.com", "/1.1/media/upload.json?command=STATUS&media_id=1"],
    ["https://api.twitter.com", "/2/media/upload?command=STATUS&media_id=1"],
  ])("takes a call signed for %s%s", async (host, target) => {
    const emu = await newEmulator();
    const method = target.startsWith("/oauth") ? "POST" : "GET";
    const header = authorization(emu, method, `${host}${target}`, target.startsWith("/oauth") ? { token: "" } : {});
    const answer = await call(emu, method, `http://127.0.0.1:4013${target}`, { headers: { authorization: header } });
    expect(answer.status).not.toBe(401);
  });

  it("takes the https URL of a request whose Host is a former name, arriving on plain http (a proxy)", async () => {
    const emu = await newEmulator();
    const header = authorization(emu, "GET", `https://ads-api.twitter.com${path}`);
    const answer = await call(emu, "GET", `http://ads-api.twitter.com${path}`, { headers: { authorization: header } });
    expect(answer.status).toBe(200);
  });

  it("takes a signature for the request's own URL when that URL is https", async () => {
    const emu = await newEmulator();
    const own = `https://localhost:8443${path}`;
    const answer = await call(emu, "GET", own, { headers: { authorization: authorization(emu, "GET", own) } });
    expect(answer.status).toBe(200);
  });

  it("refuses a host name the API does not answer on", async () => {
    const emu = await newEmulator();
    const header = authorization(emu, "GET", `https://ads-api.example.com${path}`);
    const answer = await call(emu, "GET", `http://127.0.0.1:4011${path}`, { headers: { authorization: header } });
    expect(answer.status).toBe(401);
  });
});

describe("behind a TLS terminator on this machine", () => {
  const path = "/12/accounts/18ce54d4x5t";
  const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "emulator.test:8443" };

  it("takes the URL X-Forwarded-Proto and X-Forwarded-Host name", async () => {
    const emu = await newEmulator();
    const header = authorization(emu, "GET", `https://emulator.test:8443${path}`);
    const answer = await call(emu, "GET", `http://127.0.0.1:4011${path}`, {
      headers: { authorization: header, ...forwarded },
    });
    expect(answer.status).toBe(200);
    const protoOnly = authorization(emu, "GET", `https://127.0.0.1:4011${path}`);
    const second = await call(emu, "GET", `http://127.0.0.1:4011${path}`, {
      headers: { authorization: protoOnly, "x-forwarded-proto": "https, http" },
    });
    expect(second.status).toBe(200);
  });

  it("believes the forwarding headers from loopback only", async () => {
    const emu = await newEmulator();
    const operation = operations.find((o) => o.id === "getAccount");
    if (!operation) throw new Error("getAccount is not generated");
    const header = authorization(emu, "GET", `https://emulator.test:8443${path}`);
    const verify = (loopback: boolean) =>
      authenticate({
        operation,
        method: "GET",
        url: new URL(`http://127.0.0.1:4011${path}`),
        authorization: header,
        form: "",
        servers: [],
        legacyServers: [],
        headers: new Headers(forwarded),
        loopback,
        state: initialAuthState(emu.fixture),
        strict: true,
        now: emu.clock.now(),
        nonces: new NonceCache(),
      });
    expect(verify(false).ok).toBe(false);
    expect(verify(true).ok).toBe(true);
  });

  it("ignores a forwarded host that is not a host name", async () => {
    const emu = await newEmulator();
    const header = authorization(emu, "GET", `https://127.0.0.1:4011${path}`);
    const answer = await call(emu, "GET", `http://127.0.0.1:4011${path}`, {
      headers: { authorization: header, "x-forwarded-proto": "https", "x-forwarded-host": "a b/c@d" },
    });
    // The proto is still read; the malformed host is replaced by the request's own.
    expect(answer.status).toBe(200);
  });
});
