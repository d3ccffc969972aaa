// The emulator's own byte helpers (no Buffer in its core) read and write as Node's Buffer does, so
// chunks, cursors and Basic credentials read the same on every runtime.
import { describe, expect, it } from "vitest";
import { base64Url, fromBase64, indexOfBytes, randomToken, utf8Bytes, utf8Length } from "../src/bytes.js";

const samples = ["", "a", "ab", "abc", "abcd", "héllo ☃", "😀 emoji", "\u0000\u00ff", "x".repeat(1000)];

describe("bytes without Buffer", () => {
  it("reads base64 and base64url as Buffer does: padding optional, other characters skipped", () => {
    for (const text of samples) {
      const encoded = Buffer.from(text).toString("base64");
      for (const variant of [encoded, encoded.replace(/=+$/, ""), Buffer.from(text).toString("base64url")])
        expect(Buffer.from(fromBase64(variant))).toEqual(Buffer.from(variant, "base64"));
    }
    for (const hostile of ["a b\nc=", "@@@@", "=abc", "ab==cd", "é"])
      expect(Buffer.from(fromBase64(hostile))).toEqual(Buffer.from(hostile, "base64"));
  });

  it("writes base64url without padding as Buffer does", () => {
    for (const text of samples) expect(base64Url(utf8Bytes(text))).toBe(Buffer.from(text).toString("base64url"));
  });

  it("counts UTF-8 bytes as Buffer does, lone surrogates included", () => {
    for (const text of [...samples, "\ud800", "a\udc00b", "\ud83d"])
      expect(utf8Length(text)).toBe(Buffer.byteLength(text));
  });

  it("finds a byte sequence as Buffer's indexOf does", () => {
    const haystack = utf8Bytes("--b\r\n\r\nx--b\r\n--bb");
    for (const needle of ["--b", "\r\n\r\n", "--bb", "zz", "b"])
      for (const from of [0, 1, 5, 12, 30])
        expect(indexOfBytes(haystack, utf8Bytes(needle), from)).toBe(Buffer.from(haystack).indexOf(needle, from));
  });

  it("makes random tokens of the asked length, different each time", () => {
    const a = randomToken(24);
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomToken(24)).not.toBe(a);
  });
});
