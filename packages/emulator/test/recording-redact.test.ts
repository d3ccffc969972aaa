// What a recording keeps of credentials: a stand-in per value and kind, the same wherever the value
// appears and however it is spelled; nothing for signatures and nonces; and the same stand-ins again
// when a replay redacts the same traffic in the same order.
import { describe, expect, it } from "vitest";
import { REDACTED, Redactor } from "../src/recording/redact.js";

const KEY = "consumerKeyValue0001";
const SECRET = "consumerSecret/with+chars=";
const TOKEN = "6253282-accessTokenValue0001";

const oauthHeader = (signature: string, nonce: string) =>
  `OAuth oauth_consumer_key="${KEY}", oauth_nonce="${nonce}", oauth_signature="${encodeURIComponent(signature)}", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1767225600", oauth_token="${TOKEN}", oauth_version="1.0"`;

describe("Redactor", () => {
  it("gives one stand-in per value, in a header, a URL, a form, JSON and an OAuth base string", () => {
    const redactor = new Redactor();
    const header = redactor.header("Authorization", oauthHeader("c2lnbmF0dXJl+/=", "nonce0123456789"));
    expect(header).toBe(
      'OAuth oauth_consumer_key="redacted.consumer-key.1", oauth_nonce="redacted", oauth_signature="redacted", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1767225600", oauth_token="redacted.token.1", oauth_version="1.0"',
    );
    expect(redactor.text(`https://api.x.com/1.1/oauth/invalidate_token?oauth_token=${TOKEN}&count=2`)).toBe(
      "https://api.x.com/1.1/oauth/invalidate_token?oauth_token=redacted.token.1&count=2",
    );
    expect(redactor.text(`{"access_token":"${TOKEN}","name":"${TOKEN}"}`)).toBe(
      '{"access_token":"redacted.token.1","name":"redacted.token.1"}',
    );
    expect(redactor.text("oauth_token=newToken0001&oauth_token_secret=newSecret0001&user_id=1")).toBe(
      "oauth_token=redacted.token.2&oauth_token_secret=redacted.secret.1&user_id=1",
    );
    expect(redactor.text("POST&https%3A%2F%2Fapi.x.com&oauth_nonce%3Dabc%26oauth_token%3DnewToken0001%26x%3D1")).toBe(
      "POST&https%3A%2F%2Fapi.x.com&oauth_nonce%3Dredacted%26oauth_token%3Dredacted.token.2%26x%3D1",
    );
  });

  it("replaces a known secret wherever it appears, percent-encoded too; a short one only where its name says", () => {
    const redactor = new Redactor();
    expect(redactor.standIn(SECRET, "secret")).toBe("redacted.secret.1");
    expect(redactor.text(`name=${encodeURIComponent(SECRET)}&note=${SECRET}`)).toBe(
      "name=redacted.secret.1&note=redacted.secret.1",
    );
    expect(redactor.text('<code id="oauth_pin">1234567</code> 1234567')).toBe(
      '<code id="oauth_pin">redacted.verifier.1</code> 1234567',
    );
  });

  it("re-encodes Basic credentials with their stand-ins; bearer tokens, control tokens and other schemes", () => {
    const redactor = new Redactor();
    const basic = redactor.header("authorization", `Basic ${btoa(`${KEY}:${encodeURIComponent(SECRET)}`)}`);
    expect(atob(basic.replace("Basic ", ""))).toBe("redacted.consumer-key.1:redacted.secret.1");
    expect(redactor.header("authorization", "Bearer AAAAbearerValue")).toBe("Bearer redacted.bearer.1");
    expect(redactor.text('{"token_type":"bearer","access_token":"AAAAbearerValue"}')).toContain('"redacted.bearer.1"');
    expect(redactor.header("x-xads-emulator-token", "controlTokenValue")).toBe(REDACTED);
    expect(redactor.header("cookie", "session=abc")).toBe(REDACTED);
    expect(redactor.header("authorization", "Digest username=x")).toBe(REDACTED);
  });

  it("gives the same stand-ins to a replay that meets the redacted traffic in the same order, and puts issued values back", () => {
    const recorder = new Redactor();
    const recorded = [
      recorder.header("authorization", oauthHeader("sig1", "nonce1")),
      recorder.text("oauth_token=issuedToken0001&oauth_token_secret=issuedSecret0001"),
      recorder.text("https://api.x.com/oauth/access_token?oauth_token=issuedToken0001"),
    ];
    const replay = new Redactor();
    expect(replay.header("authorization", recorded[0] as string)).toBe(recorded[0]);
    // The replayed emulator issues another token: it gets the recorded one's stand-in.
    expect(replay.text("oauth_token=otherToken0002&oauth_token_secret=otherSecret0002")).toBe(recorded[1]);
    expect(replay.unredact(recorded[2] as string)).toBe(
      "https://api.x.com/oauth/access_token?oauth_token=otherToken0002",
    );
    expect(replay.unredact("oauth_token=redacted.token.1")).toBe("oauth_token=redacted.token.1");
  });
});
