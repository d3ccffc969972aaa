import { createHmac } from "node:crypto";
import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { oauth1Middleware, signOAuth1 } from "../src/index.js";

const provider = {
  method: "POST",
  url: "https://api.x.com/1.1/statuses/update.json?include_entities=true",
  form: { status: "Hello Ladies + Gentlemen, a signed OAuth request!" },
  consumerKey: "xvz1evFS4wEEPTGEFPHBog",
  consumerSecret: "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
  token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
  tokenSecret: "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
  nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg",
  timestamp: 1318622958,
  version: "1.0",
};

describe("signOAuth1: the facts-file vectors", () => {
  it("provider example (api.x.com), form as a record", () => {
    expect(signOAuth1(provider).signature).toBe("Ls93hJiZbQ3akF3HF3x1Bz8/zU4=");
  });
  it("provider example on api.twitter.com, form as a raw string", () => {
    const result = signOAuth1({
      ...provider,
      url: "https://api.twitter.com/1.1/statuses/update.json?include_entities=true",
      form: "status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21",
    });
    expect(result.signature).toBe("hCtSmYh+iHYCEqBWrE7C7hYmtUk=");
  });
  // RFC 5849's examples send no oauth_version.
  const rfc = { consumerKey: "dpf43f3p2l4k3l03", consumerSecret: "kd94hf93k423kf44", version: false as const };
  it("RFC 5849 1.2 temporary credentials (callback, no token)", () => {
    const result = signOAuth1({
      ...rfc,
      method: "POST",
      url: "https://photos.example.net/initiate",
      timestamp: 137131200,
      nonce: "wIjqoS",
      callback: "http://printer.example.com/ready",
    });
    expect(result.signature).toBe("74KNZJeDHnMBp0EMJ9ZHt/XKycU=");
    expect(result.authorization).toContain('oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready"');
    expect(result.authorization).not.toContain("oauth_token=");
  });
  it("RFC 5849 1.2 token request (verifier)", () => {
    const result = signOAuth1({
      ...rfc,
      method: "POST",
      url: "https://photos.example.net/token",
      token: "hh5s93j4hdidpola",
      tokenSecret: "hdhd0244k9j7ao03",
      verifier: "hfdp7dh39dks9884",
      timestamp: 137131201,
      nonce: "walatlh",
    });
    expect(result.signature).toBe("gKgrFCywp7rO0OXSjdot/IHF7IU=");
    expect(result.authorization).toContain('oauth_verifier="hfdp7dh39dks9884"');
  });
  it("RFC 5849 1.2 resource request without oauth_version", () => {
    const result = signOAuth1({
      ...rfc,
      method: "GET",
      url: "http://photos.example.net/photos?file=vacation.jpg&size=original",
      token: "nnch734d00sl2jdk",
      tokenSecret: "pfkkdhi9sl3r4s00",
      timestamp: 137131202,
      nonce: "chapoH",
    });
    expect(result.signature).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
    expect(result.authorization).not.toContain("oauth_version");
  });
  it("RFC 5849 3.4.1.1 base string (duplicate keys, + in the form, empty values)", () => {
    const result = signOAuth1({
      method: "post",
      url: "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
      form: "c2&a3=2+q",
      consumerKey: "9djdj82h48djs9d2",
      consumerSecret: "j49sk3j29djd",
      token: "kkk9d7dh3k39sjv7",
      tokenSecret: "dh893hdasih9",
      timestamp: 137131201,
      nonce: "7d8f3e4a",
      version: false,
    });
    expect(result.baseString).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });
});

describe("signOAuth1: behaviour", () => {
  it("normalises the base URI: lower-case scheme and host, default port dropped, fragment ignored", () => {
    const a = signOAuth1({
      ...provider,
      url: "HTTPS://API.X.COM:443/1.1/statuses/update.json?include_entities=true#frag",
    });
    expect(a.signature).toBe("Ls93hJiZbQ3akF3HF3x1Bz8/zU4=");
  });
  it("form records: arrays repeat the parameter, null and undefined are left out", () => {
    const a = signOAuth1({ ...provider, form: { ids: ["b", "a"], skip: undefined, none: null, n: 1 } });
    expect(a.baseString).toContain("&ids%3Da%26ids%3Db%26include_entities%3Dtrue%26n%3D1%26oauth_consumer_key");
    expect(a.baseString).not.toContain("skip");
    expect(a.baseString).not.toContain("none");
  });
  it("default nonce is 32 ASCII letters and digits and differs per call; default timestamp is now", () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { authorization } = signOAuth1({
        method: "GET",
        url: "https://x.test/",
        consumerKey: "k",
        consumerSecret: "s",
      });
      const nonce = /oauth_nonce="([^"]+)"/.exec(authorization)?.[1] ?? "";
      expect(nonce).toMatch(/^[A-Za-z0-9]{32}$/);
      nonces.add(nonce);
      const timestamp = Number(/oauth_timestamp="(\d+)"/.exec(authorization)?.[1]);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    }
    expect(nonces.size).toBe(200);
  });
  it("rejects a non-ASCII nonce, naming it", () => {
    expect(() => signOAuth1({ ...provider, nonce: "noncé" })).toThrow(/nonce must be non-empty printable ASCII/);
  });
  it("rejects missing inputs with the parameter name", () => {
    expect(() => signOAuth1({ ...provider, consumerKey: "" })).toThrow(/consumerKey must be a non-empty string/);
    expect(() => signOAuth1({ ...provider, url: "/relative" })).toThrow(/url must be an absolute/);
    expect(() => signOAuth1({ ...provider, timestamp: "soon" })).toThrow(/timestamp must be whole Unix epoch seconds/);
  });
  it("percent-encodes non-ASCII and reserved characters as UTF-8 upper-case hex", () => {
    const a = signOAuth1({ ...provider, form: { q: "café & *!'()" } });
    expect(a.baseString).toContain("q%3Dcaf%25C3%25A9%2520%2526%2520%252A%2521%2527%2528%2529");
  });
});

describe("oauth1Middleware", () => {
  it("signs query and form parameters, never a JSON body", async () => {
    const seen: Request[] = [];
    const client = createClient<Record<string, never>>({
      baseUrl: "https://ads-api.x.com",
      fetch: async (request: Request) => {
        seen.push(request);
        return new Response("{}", { headers: { "content-type": "application/json" } });
      },
    });
    const credentials = { consumerKey: "ck", consumerSecret: "cs", token: "t", tokenSecret: "ts" };
    client.use(oauth1Middleware(credentials, { now: () => 1_700_000_000_000, nonce: () => "fixednonce" }));
    const post = client.POST as unknown as (path: string, init: unknown) => Promise<unknown>;
    await post("/12/x?name=demo", {
      body: { a: "1" },
      bodySerializer: (b: Record<string, string>) => new URLSearchParams(b).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await post("/12/x?name=demo", { body: { a: "1" } });
    const expected = (form?: Record<string, string>) =>
      signOAuth1({
        method: "POST",
        url: "https://ads-api.x.com/12/x?name=demo",
        form,
        ...credentials,
        nonce: "fixednonce",
        timestamp: 1_700_000_000,
      }).authorization;
    expect(seen[0]?.headers.get("authorization")).toBe(expected({ a: "1" }));
    expect(seen[1]?.headers.get("authorization")).toBe(expected());
    expect(await seen[0]?.text()).toBe("a=1");
  });
});

describe("signOAuth1 against a plain RFC 5849 reference", () => {
  // The textbook algorithm, written for clarity: the fast path must agree with it on awkward inputs.
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const reference = (method: string, base: string, params: [string, string][], key: string) => {
    const normalized = params
      .map(([k, v]) => [enc(k), enc(v)] as const)
      .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const baseString = `${method}&${enc(base)}&${enc(normalized)}`;
    return { baseString, signature: createHmac("sha1", key).update(baseString).digest("base64") };
  };
  it("agrees on prefix names, reserved characters, duplicates and non-ASCII", () => {
    const cases: Record<string, string>[] = [
      { a: "1", "a b": "2", a2: "3", "a%": "4", "a~": "5" },
      { é: "ü", "&": "=", "+": " ", "": "" },
      { q: "100%", "q%25": "x", "q%": "y" },
    ];
    for (const form of cases) {
      const ours = signOAuth1({
        method: "POST",
        url: "https://h.test/p",
        form,
        consumerKey: "ck",
        consumerSecret: "c s",
        token: "t",
        tokenSecret: "t&s",
        nonce: "n",
        timestamp: 1,
      });
      const oauth: [string, string][] = [
        ["oauth_consumer_key", "ck"],
        ["oauth_nonce", "n"],
        ["oauth_signature_method", "HMAC-SHA1"],
        ["oauth_timestamp", "1"],
        ["oauth_token", "t"],
        ["oauth_version", "1.0"],
      ];
      const expected = reference("POST", "https://h.test/p", [...Object.entries(form), ...oauth], "c%20s&t%26s");
      expect(ours.baseString).toBe(expected.baseString);
      expect(ours.signature).toBe(expected.signature);
    }
  });
});
