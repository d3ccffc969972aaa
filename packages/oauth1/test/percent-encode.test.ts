import { describe, expect, it } from "vitest";
import { formDecode, parseFormPairs, percentEncode, percentEncodeTwice } from "../src/index.js";

describe("percentEncode", () => {
  it("leaves only RFC 3986's unreserved characters as they are", () => {
    expect(percentEncode("AZaz09-._~")).toBe("AZaz09-._~");
    expect(percentEncode("a b+c*d!e'f(g)h")).toBe("a%20b%2Bc%2Ad%21e%27f%28g%29h");
  });
  it("encodes text beyond ASCII as UTF-8 in upper-case hex", () => {
    expect(percentEncode("é☃")).toBe("%C3%A9%E2%98%83");
  });
  it("agrees with encodeURIComponent plus !'()* for every ASCII character", () => {
    for (let code = 0; code < 128; code++) {
      const ch = String.fromCharCode(code);
      const reference = encodeURIComponent(ch).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      );
      expect(percentEncode(ch)).toBe(reference);
    }
  });
  it("encodes twice in one pass as two passes do", () => {
    for (const text of ["a b", "100%", "é&=", "plain"])
      expect(percentEncodeTwice(text)).toBe(percentEncode(percentEncode(text)));
  });
});

describe("form decoding", () => {
  it("reads + as a space and keeps duplicates and empty values", () => {
    expect(formDecode("a+b%21")).toBe("a b!");
    expect(parseFormPairs("a=1&a=2&b=&c")).toEqual([
      ["a", "1"],
      ["a", "2"],
      ["b", ""],
      ["c", ""],
    ]);
  });
});
