import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOAuth1Signer, type OAuth1Credentials, type OAuth1Request, signOAuth1 } from "../../src/index.js";

const user: OAuth1Credentials = {
  consumerKey: "xvz1evFS4wEEPTGEFPHBog",
  consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
  token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
  tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
};
const fixed = { nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg", timestamp: 1318622958 };

describe("createOAuth1Signer", () => {
  it.each<[string, OAuth1Credentials, OAuth1Request]>([
    [
      "the provider's example",
      user,
      {
        method: "post",
        url: "https://api.x.com/1.1/statuses/update.json?include_entities=true",
        form: { status: "Hello Ladies + Gentlemen, a signed OAuth request!" },
        ...fixed,
      },
    ],
    [
      "a GET with a query",
      user,
      { method: "GET", url: "https://ads-api.x.com/12/accounts?count=10&b=2&a=1", ...fixed },
    ],
    [
      "a raw form string with duplicates and unicode",
      user,
      { method: "POST", url: "https://ads-api.x.com/12/x?z=1&a=%C3%A9", form: "b=2&b=1&c=%E2%9C%93+x", ...fixed },
    ],
    [
      "application credentials (no token)",
      { consumerKey: "k", consumerSecret: "s" },
      { method: "POST", url: "https://api.x.com/oauth/request_token?oauth_callback=oob", ...fixed },
    ],
    ["an empty token is no token", { ...user, token: "" }, { method: "GET", url: "https://api.x.com/a", ...fixed }],
    [
      "a given nonce that needs encoding",
      user,
      { method: "GET", url: "https://api.x.com/a", nonce: "a+b/c=", timestamp: 1 },
    ],
    [
      "a parameter that sorts among the oauth ones",
      user,
      { method: "GET", url: "https://api.x.com/a?oauth_d=1&oauth_z=2&p=3", ...fixed },
    ],
    ["default port and upper-case host", user, { method: "GET", url: "HTTPS://API.X.COM:443/a?b=1#frag", ...fixed }],
  ])("signs as signOAuth1 does: %s", (_name, credentials, request) => {
    expect(createOAuth1Signer(credentials).sign(request)).toEqual(signOAuth1({ ...request, ...credentials }));
  });

  it("signs many URLs in a row as signOAuth1 does", () => {
    const signer = createOAuth1Signer(user);
    for (const url of [
      "https://a.example/x?1=2",
      "https://a.example/x",
      "https://b.example/x",
      "https://a.example/x",
    ]) {
      expect(signer.sign({ method: "GET", url, ...fixed })).toEqual(
        signOAuth1({ method: "GET", url, ...user, ...fixed }),
      );
    }
  });

  it("makes a fresh nonce per request and rejects what signOAuth1 rejects", () => {
    const signer = createOAuth1Signer(user);
    const nonces = new Set(
      Array.from(
        { length: 100 },
        () =>
          /oauth_nonce="([^"]+)"/.exec(signer.sign({ method: "GET", url: "https://a.example/" }).authorization)?.[1],
      ),
    );
    expect(nonces.size).toBe(100);
    expect(() => createOAuth1Signer({ ...user, consumerKey: "" })).toThrow(/consumerKey must be a non-empty string/);
    expect(() => signer.sign({ method: "GET", url: "/relative" })).toThrow(/url must be an absolute http\(s\) URL/);
    expect(() => signer.sign({ method: "GET", url: "https://a.example/", nonce: "é" })).toThrow(/nonce must be/);
    expect(() => signer.sign({ method: "GET", url: "https://a.example/", timestamp: "1.5" })).toThrow(/timestamp/);
  });

  it("keeps its secrets out of sight", () => {
    const signer = createOAuth1Signer(user);
    const shown = `${JSON.stringify(signer)} ${String(signer)} ${Object.keys(signer).join()}`;
    for (const secret of [user.consumerSecret, user.tokenSecret as string]) expect(shown).not.toContain(secret);
  });

  // An independent reading of RFC 5849 section 3.4 on node:crypto: every parameter in one list, sorted
  // by encoded name then value. The signer merges the sorted request parameters with the oauth_* ones
  // it keeps ready, so these cases put parameters before, after and among them.
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  function referenceSignature(credentials: OAuth1Credentials & { version?: false }, request: OAuth1Request): string {
    const url = new URL(request.url);
    const pairs: [string, string][] = [...url.searchParams];
    if (typeof request.form === "string") pairs.push(...new URLSearchParams(request.form));
    pairs.push(
      ["oauth_consumer_key", credentials.consumerKey],
      ["oauth_nonce", String(request.nonce)],
      ["oauth_signature_method", "HMAC-SHA1"],
      ["oauth_timestamp", String(request.timestamp)],
    );
    if (credentials.token) pairs.push(["oauth_token", credentials.token]);
    if (credentials.version !== false) pairs.push(["oauth_version", "1.0"]);
    const sorted = pairs
      .map(([name, value]) => [encode(name), encode(value)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join("&");
    const base = `${request.method.toUpperCase()}&${encode(url.origin + url.pathname)}&${encode(sorted)}`;
    const key = `${encode(credentials.consumerSecret)}&${encode(credentials.tokenSecret ?? "")}`;
    return createHmac("sha1", key).update(base).digest("base64");
  }

  it.each([
    "https://ads-api.x.com/12/accounts/abc?with_deleted=true",
    "https://ads-api.x.com/12/accounts?count=10&b=2&a=1&z=%E2%9C%93",
    "https://ads-api.x.com/12/x?oauth_d=1&oauth_z=2&p=3&a=0",
    "https://ads-api.x.com/12/x?oauth_consumer_key=xvz1evFS4wEEPTGEFPHBog&a=a&a=A",
    "https://ads-api.x.com/12/x?p=1&p=1&o=2",
    "https://ads-api.x.com/12/x",
  ])("signs %s as an independent reading of RFC 5849 does", (url) => {
    for (const credentials of [user, { consumerKey: "k", consumerSecret: "s", version: false as const }]) {
      const request = { method: "get", url, form: "b=2&oauth_w=1", ...fixed };
      expect(createOAuth1Signer(credentials).sign(request).signature).toBe(referenceSignature(credentials, request));
    }
  });
});
