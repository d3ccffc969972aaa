// OAuth 1.0a verification (strict and lenient), the three-legged flow and the application-only
// bearer token (seed 000 sections 3 and 5).
import { describe, expect, it } from "vitest";
import { createEmulator } from "../src/index.js";
import { accountPath, authorization, call, newEmulator } from "./helpers.js";

const AUTH = "https://api.x.com";
const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

describe("strict OAuth 1.0a verification", () => {
  it("accepts a correct signature, for the emulator's own URL and for the production host", async () => {
    const emu = await newEmulator();
    expect((await call(emu, "GET", `http://127.0.0.1:4011${accountPath(emu)}`)).status).toBe(200);
    expect((await call(emu, "GET", accountPath(emu))).status).toBe(200);
  });

  it("refuses a bad signature with the documented 401 and shows a loopback caller the expected base string", async () => {
    const emu = await newEmulator();
    const url = `https://ads-api.x.com${accountPath(emu)}`;
    const header = authorization(emu, "GET", url, { consumerSecret: "wrong" });
    const answer = await call(emu, "GET", url, { headers: { authorization: header } });
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].code).toBe("UNAUTHORIZED_ACCESS");
    const base = answer.headers.get("x-xads-emulator-base-string") ?? "";
    expect(base).toMatch(/^GET&https%3A%2F%2Fads-api\.x\.com%2F12%2Faccounts%2F18ce54d4x5t&oauth_consumer_key%3D/);
    expect(base).not.toContain(emu.fixture.consumerSecret);
    expect(base).not.toContain(emu.fixture.tokenSecret);
  });

  it("refuses a timestamp more than 300 s off the emulator's clock", async () => {
    const emu = await newEmulator();
    const stale = Math.floor(emu.clock.now() / 1000) - 301;
    expect((await call(emu, "GET", accountPath(emu), { timestamp: stale })).status).toBe(401);
    expect((await call(emu, "GET", accountPath(emu), { timestamp: stale + 2 })).status).toBe(200);
  });

  it("takes a wall-clock timestamp after the clock moved on (moving the clock stales no real signer)", async () => {
    const emu = await createEmulator();
    emu.clock.advance(3_600_000);
    const wall = Math.floor(Date.now() / 1000);
    expect((await call(emu, "GET", accountPath(emu), { timestamp: wall })).status).toBe(200);
    expect((await call(emu, "GET", accountPath(emu), { timestamp: wall + 3600 })).status).toBe(200);
    expect((await call(emu, "GET", accountPath(emu), { timestamp: wall + 1800 })).status).toBe(401);
  });

  it("refuses a replayed nonce", async () => {
    const emu = await newEmulator();
    expect((await call(emu, "GET", accountPath(emu), { nonce: "once" })).status).toBe(200);
    const replay = await call(emu, "GET", accountPath(emu), { nonce: "once" });
    expect(replay.status).toBe(401);
    expect(replay.body.errors[0].message).toMatch(/nonce/);
  });

  it("refuses a missing header, an unknown consumer key and an unknown token", async () => {
    const emu = await newEmulator();
    expect((await call(emu, "GET", accountPath(emu), { anonymous: true })).status).toBe(401);
    expect((await call(emu, "GET", accountPath(emu), { consumerKey: "nobody" })).status).toBe(401);
    expect((await call(emu, "GET", accountPath(emu), { token: "123-unknown" })).status).toBe(401);
  });
});

describe("lenient auth", () => {
  it("takes any Authorization of the OAuth scheme, as a hand-typed curl sends it", async () => {
    const emu = await newEmulator({ auth: "lenient" });
    const answer = await call(emu, "GET", accountPath(emu, "/campaigns"), { headers: { authorization: "OAuth mock" } });
    expect(answer.status).toBe(200);
    expect((await call(emu, "GET", accountPath(emu), { anonymous: true })).status).toBe(401);
    expect((await call(emu, "GET", accountPath(emu), { headers: { authorization: "Bearer x" } })).status).toBe(401);
  });
});

describe("the three-legged flow (seed 000 section 3)", () => {
  async function accessToken(emu: Awaited<ReturnType<typeof newEmulator>>, callback = "https://client.example.com/cb") {
    const step1 = await call(
      emu,
      "POST",
      `${AUTH}/oauth/request_token?oauth_callback=${encodeURIComponent(callback)}`,
      { token: "" },
    );
    expect(step1.status).toBe(200);
    const issued = new URLSearchParams(step1.text);
    expect(issued.get("oauth_callback_confirmed")).toBe("true");
    const requestToken = issued.get("oauth_token") ?? "";
    const page = await call(emu, "GET", `${AUTH}/oauth/authorize?oauth_token=${requestToken}`, { anonymous: true });
    expect(page.status).toBe(200);
    const verifier =
      callback === "oob"
        ? (/id="oauth_pin">(\d+)</.exec(page.text)?.[1] ?? "")
        : (new URL(page.headers.get("x-xads-emulator-callback") ?? "").searchParams.get("oauth_verifier") ?? "");
    const secret = issued.get("oauth_token_secret") ?? "";
    const step3 = await call(
      emu,
      "POST",
      `${AUTH}/oauth/access_token?oauth_token=${requestToken}&oauth_verifier=${verifier}`,
      {
        token: requestToken,
        tokenSecret: secret,
      },
    );
    return { step3, requestToken, secret, verifier };
  }

  it("request token with callback -> authorize redirect with verifier -> access token that signs ads calls", async () => {
    const emu = await newEmulator();
    const { step3 } = await accessToken(emu);
    expect(step3.status).toBe(200);
    const access = new URLSearchParams(step3.text);
    expect(access.get("user_id")).toBe(emu.fixture.userId);
    const token = access.get("oauth_token") ?? "";
    const tokenSecret = access.get("oauth_token_secret") ?? "";
    expect((await call(emu, "GET", accountPath(emu), { token, tokenSecret })).status).toBe(200);
  });

  it("oob mode gives a PIN; the access token step fails without the right verifier", async () => {
    const emu = await newEmulator();
    expect((await accessToken(emu, "oob")).step3.status).toBe(200);
    const step1 = await call(emu, "POST", `${AUTH}/oauth/request_token?oauth_callback=oob`, { token: "" });
    const issued = new URLSearchParams(step1.text);
    const token = issued.get("oauth_token") ?? "";
    await call(emu, "GET", `${AUTH}/oauth/authenticate?oauth_token=${token}`, { anonymous: true });
    const wrong = await call(emu, "POST", `${AUTH}/oauth/access_token?oauth_token=${token}&oauth_verifier=0000000`, {
      token,
      tokenSecret: issued.get("oauth_token_secret") ?? "",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe(89);
  });

  it("an invalidated access token answers 401 code 89, and a new authorization yields a different token", async () => {
    const emu = await newEmulator();
    const first = new URLSearchParams((await accessToken(emu)).step3.text);
    const token = first.get("oauth_token") ?? "";
    const tokenSecret = first.get("oauth_token_secret") ?? "";
    const revoked = await call(emu, "POST", `${AUTH}/1.1/oauth/invalidate_token`, { token, tokenSecret });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ access_token: token });
    const after = await call(emu, "POST", `${AUTH}/1.1/oauth/invalidate_token.json`, { token, tokenSecret });
    expect(after.status).toBe(401);
    expect(after.body.errors[0].code).toBe(89);
    expect((await call(emu, "GET", accountPath(emu), { token, tokenSecret })).status).toBe(401);
    const second = new URLSearchParams((await accessToken(emu)).step3.text);
    expect(second.get("oauth_token")).not.toBe(token);
  });
});

describe("the application-only bearer token (seed 000 section 3)", () => {
  it("is one outstanding token per application: repeated calls return it; invalidated, it is refused and the next differs", async () => {
    const emu = await newEmulator();
    const { consumerKey, consumerSecret } = emu.fixture;
    const get = () =>
      call(emu, "POST", `${AUTH}/oauth2/token`, {
        headers: { authorization: basic(consumerKey, consumerSecret) },
        form: "grant_type=client_credentials",
        anonymous: true,
      });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.body.token_type).toBe("bearer");
    expect((await get()).body.access_token).toBe(first.body.access_token);
    const bearer = first.body.access_token as string;
    const initialize = () =>
      call(emu, "POST", "https://upload.x.com/2/media/upload/initialize", {
        headers: { authorization: `Bearer ${bearer}` },
        json: { media_type: "image/png", total_bytes: 10 },
      });
    expect((await initialize()).status).toBe(200);
    const revoked = await call(
      emu,
      "POST",
      `${AUTH}/oauth2/invalidate_token?access_token=${encodeURIComponent(bearer)}`,
    );
    expect(revoked.status).toBe(200);
    expect((await initialize()).status).toBe(401);
    expect(
      (await call(emu, "POST", `${AUTH}/oauth2/invalidate_token?access_token=${encodeURIComponent(bearer)}`)).status,
    ).toBe(401);
    expect((await get()).body.access_token).not.toBe(bearer);
  });

  it("refuses bad application credentials with 403 code 99", async () => {
    const emu = await newEmulator();
    const answer = await call(emu, "POST", `${AUTH}/oauth2/token`, {
      headers: { authorization: basic(emu.fixture.consumerKey, "wrong") },
      form: "grant_type=client_credentials",
      anonymous: true,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].code).toBe(99);
  });
});
