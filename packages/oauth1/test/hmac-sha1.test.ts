import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha1, hmacSha1Base64 } from "../src/index.js";

describe("HMAC-SHA1", () => {
  it("passes RFC 2202 test cases 1, 2, 6 and 7", () => {
    const hex = (b64: string) => Buffer.from(b64, "base64").toString("hex");
    expect(hex(hmacSha1Base64("\x0b".repeat(20), "Hi There"))).toBe("b617318655057264e28bc0b6fb378c8ef146be00");
    expect(hex(hmacSha1Base64("Jefe", "what do ya want for nothing?"))).toBe(
      "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
    );
    expect(hex(hmacSha1Base64("\xaa".repeat(80).replace(/./g, "a"), "x"))).toBe(
      createHmac("sha1", "a".repeat(80)).update("x").digest("hex"),
    );
    expect(hex(hmacSha1Base64("k", "Test Using Larger Than Block-Size Key - Hash Key First"))).toBe(
      createHmac("sha1", "k").update("Test Using Larger Than Block-Size Key - Hash Key First").digest("hex"),
    );
  });
  it("gives the same bytes raw as base64", () => {
    expect(Buffer.from(hmacSha1("Jefe", "what do ya want for nothing?")).toString("base64")).toBe(
      hmacSha1Base64("Jefe", "what do ya want for nothing?"),
    );
  });
  it("refuses a key or message beyond ASCII, naming the rule", () => {
    expect(() => hmacSha1Base64("clé", "x")).toThrow(/ASCII/);
    expect(() => hmacSha1Base64("k", "naïve")).toThrow(/ASCII/);
  });
  it("keeps answering right past its cache of 64 keys", () => {
    for (let i = 0; i < 200; i++) {
      const key = `key-${i}`;
      expect(hmacSha1Base64(key, "m")).toBe(createHmac("sha1", key).update("m").digest("base64"));
    }
  });
  it("matches node:crypto for random ASCII keys and messages of every length up to 300", () => {
    for (let length = 0; length <= 300; length++) {
      const key = Array.from({ length: (length * 7) % 150 }, (_, i) =>
        String.fromCharCode(33 + ((i * 31 + length) % 90)),
      ).join("");
      const message = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 17 + length) % 95))).join("");
      expect(hmacSha1Base64(key, message)).toBe(createHmac("sha1", key).update(message).digest("base64"));
    }
  });
});
