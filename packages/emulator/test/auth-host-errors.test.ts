// The auth host's answers to malformed application-only requests (facts file, "Auth host errors").
import { describe, expect, it } from "vitest";
import { call, newEmulator } from "./helpers.js";

const TOKEN_URL = "https://api.x.com/oauth2/token";

describe("POST /oauth2/token, malformed", () => {
  const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`;

  it.each([
    ["a form without grant_type", "foo=bar"],
    ["an empty form", ""],
  ])("answers 403 code 99 to %s, as to bad credentials", async (_, form) => {
    const emu = await newEmulator();
    const answer = await call(emu, "POST", TOKEN_URL, {
      headers: { authorization: basic(emu.fixture.consumerKey, emu.fixture.consumerSecret) },
      form,
      anonymous: true,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ code: 99, message: "Unable to verify your credentials" }),
    ]);
  });

  it("answers 403 code 99 to no body at all, in lenient mode too", async () => {
    for (const auth of ["strict", "lenient"] as const) {
      const emu = await newEmulator({ auth });
      const answer = await call(emu, "POST", TOKEN_URL, {
        headers: { authorization: basic(emu.fixture.consumerKey, emu.fixture.consumerSecret) },
        anonymous: true,
      });
      expect(answer.status).toBe(403);
      expect(answer.body.errors[0].code).toBe(99);
    }
  });

  it("still issues the token with grant_type=client_credentials", async () => {
    const emu = await newEmulator();
    const answer = await call(emu, "POST", TOKEN_URL, {
      headers: { authorization: basic(emu.fixture.consumerKey, emu.fixture.consumerSecret) },
      form: "grant_type=client_credentials",
      anonymous: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe("bearer");
  });
});
