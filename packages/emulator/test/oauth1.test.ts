// The signature base string and HMAC-SHA1 signature against the facts file's test vectors.
import { describe, expect, it } from "vitest";
import { hmacSha1Signature, signatureBaseString } from "../src/auth/oauth1.js";

const rfc = { oauth_consumer_key: "dpf43f3p2l4k3l03", oauth_signature_method: "HMAC-SHA1" };

describe("OAuth 1.0a HMAC-SHA1 (facts file, OAuth 1.0a signing)", () => {
  it("signs the provider's example on api.x.com and api.twitter.com", () => {
    const oauth = {
      oauth_consumer_key: "xvz1evFS4wEEPTGEFPHBog",
      oauth_nonce: "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg",
      oauth_signature_method: "HMAC-SHA1",
      oauth_timestamp: "1318622958",
      oauth_token: "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb",
      oauth_version: "1.0",
    };
    const form = "status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21";
    const sign = (host: string) =>
      hmacSha1Signature(
        signatureBaseString("POST", `https://${host}/1.1/statuses/update.json?include_entities=true`, oauth, form),
        "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw",
        "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE",
      );
    expect(sign("api.x.com")).toBe("Ls93hJiZbQ3akF3HF3x1Bz8/zU4=");
    expect(sign("api.twitter.com")).toBe("hCtSmYh+iHYCEqBWrE7C7hYmtUk=");
  });

  it("signs RFC 5849 section 1.2: temporary credentials, token request and resource", () => {
    const initiate = signatureBaseString("POST", "https://photos.example.net/initiate", {
      ...rfc,
      oauth_timestamp: "137131200",
      oauth_nonce: "wIjqoS",
      oauth_callback: "http://printer.example.com/ready",
    });
    expect(hmacSha1Signature(initiate, "kd94hf93k423kf44")).toBe("74KNZJeDHnMBp0EMJ9ZHt/XKycU=");
    const token = signatureBaseString("POST", "https://photos.example.net/token", {
      ...rfc,
      oauth_token: "hh5s93j4hdidpola",
      oauth_timestamp: "137131201",
      oauth_nonce: "walatlh",
      oauth_verifier: "hfdp7dh39dks9884",
    });
    expect(hmacSha1Signature(token, "kd94hf93k423kf44", "hdhd0244k9j7ao03")).toBe("gKgrFCywp7rO0OXSjdot/IHF7IU=");
    const resource = signatureBaseString("GET", "http://photos.example.net/photos?file=vacation.jpg&size=original", {
      ...rfc,
      oauth_token: "nnch734d00sl2jdk",
      oauth_timestamp: "137131202",
      oauth_nonce: "chapoH",
    });
    expect(hmacSha1Signature(resource, "kd94hf93k423kf44", "pfkkdhi9sl3r4s00")).toBe("MdpQcU8iPSUjWoN/UDMsK2sui9I=");
  });

  it("builds RFC 5849 section 3.4.1.1's base string (duplicate keys, + in a form body, empty values)", () => {
    const base = signatureBaseString(
      "POST",
      "http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b",
      {
        oauth_consumer_key: "9djdj82h48djs9d2",
        oauth_token: "kkk9d7dh3k39sjv7",
        oauth_signature_method: "HMAC-SHA1",
        oauth_timestamp: "137131201",
        oauth_nonce: "7d8f3e4a",
        oauth_signature: "ignored",
      },
      "c2&a3=2+q",
    );
    expect(base).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });
});
