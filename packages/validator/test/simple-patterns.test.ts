// The character loops the compiler writes for simple patterns give the RegExp's verdicts.
// (The matchers are evaluated here with `new Function`; the package itself never does.)
import { describe, expect, it } from "vitest";
import { simplePatternExpression, simplePatternMatcher } from "../scripts/compile/simple-patterns.mjs";

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
});

describe("short fixed-length patterns checked in place", () => {
  it.each(["^[A-Z]{3}$", "^[0-9]{2}[a-z]$", "^ab$"])("%s gives the RegExp's verdicts", (source) => {
    const expression = simplePatternExpression(source, "s");
    if (!expression) throw new Error(`${source} is short and fixed`);
    const test = new Function("s", `return ${expression};`) as (s: string) => boolean;
    const regExp = new RegExp(source);
    for (const text of [...STRINGS, "USD", "usd", "12a", "ab", "abc"])
      expect([text, test(text)]).toEqual([text, regExp.test(text)]);
  });
  it.each(["^[0-9a-z]+$", "^[A-Z]{1,3}$", "^[a-z]{9}$"])("leaves %s to the matcher", (source) => {
    expect(simplePatternExpression(source, "s")).toBeUndefined();
  });
});
