// The generator's rewrites of Ajv's code give the same verdicts as the code they replace.
// (The rewritten snippets are evaluated here with `new Function`; the package itself never does.)
import { describe, expect, it } from "vitest";
import { compileSimplePatterns, guardLengthChecks, simplePatternMatcher } from "../scripts/fast-paths.mjs";
import { ucs2length } from "../src/runtime/helpers.js";

const STRINGS = [
  "",
  "A",
  "AB",
  "ABC",
  "ABCD",
  "abc",
  "A_1",
  "ACTIVE_2",
  "_A",
  "1A",
  "0",
  "12",
  "1234567890123456789",
  "12345678901234567890",
  "9x",
  "ff00",
  "a".repeat(64),
  "0123456789abcdef".repeat(4),
  "0123456789abcdeF".repeat(4),
  "US\n",
  "\nUS",
  "UÅ",
  "😀",
  "A😀",
  "AB😀",
  "image/png",
  "video/mp4+x",
  "a-b",
  "#tag",
];

describe("simple patterns compiled to character checks", () => {
  const compiled = [
    "^[A-Z]{3}$",
    "^[A-Z]{2}$",
    "^[A-Z][A-Z0-9_]*$",
    "^[0-9]{1,19}$",
    "^[0-9]+$",
    "^[0-9a-f]{64}$",
    "^[a-z]+$",
    "^#[a-z]?$",
    "^[A-Za-z0-9.+-]{2,}$",
    "^a-b$",
  ];
  for (const source of compiled) {
    it(`${source} matches exactly what RegExp matches`, () => {
      const matcher = simplePatternMatcher(source);
      expect(matcher).toBeTypeOf("string");
      const { test } = new Function(`return ${matcher};`)() as { test: (s: string) => boolean };
      const regExp = new RegExp(source, "");
      const extra = Array.from({ length: 300 }, (_, i) => {
        const chars = "AZaz09_-.+#/😀";
        let text = "";
        for (let n = 0, k = i; n < (i % 7) + (i % 3) * 20; n++, k = Math.floor(k / 3) + n * 7)
          text += chars[k % chars.length];
        return text;
      });
      for (const text of [...STRINGS, ...extra]) expect([text, test(text)]).toEqual([text, regExp.test(text)]);
    });
  }

  it.each([
    "^card://.+",
    "^[0-9]{1,19}(,[0-9]{1,19}){0,99}$",
    "^[a-z][a-z0-9_]*-(asc|desc)$",
    "^#?[^#]{1,20}$",
    "^[a-z]+/[A-Za-z0-9.+-]+$",
    "^\\d{4}$",
    "^[A-Z]+?$",
  ])("leaves %s to RegExp", (source) => {
    expect(simplePatternMatcher(source)).toBeUndefined();
  });

  it("replaces only the simple patterns in generated code", () => {
    const code =
      'const pattern1 = new RegExp("^[A-Z]{3}$", "");const pattern2 = new RegExp("^card://.+", "");pattern1.test(x);';
    const out = compileSimplePatterns(code);
    expect(out).toContain('const pattern2 = new RegExp("^card://.+", "");');
    expect(out).not.toContain('new RegExp("^[A-Z]{3}$"');
    expect(out).toMatch(/const pattern1 = .*\{ test\(s\)/);
  });
});

describe("string length checks guarded by the length in code units", () => {
  const code = guardLengthChecks(
    "const func1 = ucs2length;function max(data0){return func1(data0) > 3;}function min(data0){return func1(data0) < 2;}",
  );
  const { max, min } = new Function("ucs2length", `${code}; return { max, min };`)(ucs2length) as {
    max: (s: string) => boolean;
    min: (s: string) => boolean;
  };
  it("rewrites both comparisons", () => {
    expect(code).toContain("data0.length > 3 && func1(data0) > 3");
    expect(code).toContain("data0.length < 2 || (data0.length < 4 && func1(data0) < 2)");
  });
  it.each([
    "",
    "a",
    "ab",
    "abc",
    "abcd",
    "😀",
    "😀😀",
    "a😀",
    "😀😀a",
    "😀😀😀",
    "a😀😀",
    "😀😀😀😀",
    "\ud800\ud800\ud800",
  ])("agrees with counting code points for %j", (text) => {
    expect([max(text), min(text)]).toEqual([ucs2length(text) > 3, ucs2length(text) < 2]);
  });
});
