// The inlined runtime helpers agree with Ajv's own helpers and with ajv-formats on test vectors.
import ajvEqual from "ajv/dist/runtime/equal.js";
import ajvUcs2length from "ajv/dist/runtime/ucs2length.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { NUMBER_FORMATS, STRING_FORMATS } from "../scripts/compile/schema-compiler.mjs";
import { equal, ucs2length } from "../src/runtime/helpers.js";
import * as runtime from "../src/runtime/schema-runtime.js";

/** The check the compiler calls for a format (none: the format checks nothing). */
function checkOf(name: string): ((value: never) => boolean) | undefined {
  const tables: Record<string, string | undefined> = { ...STRING_FORMATS, ...NUMBER_FORMATS };
  const fn = tables[name];
  return fn === undefined ? undefined : (runtime as unknown as Record<string, (value: never) => boolean>)[fn];
}

// CommonJS interop differs between loaders: the function is the default export or its `default`.
const unwrap = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;
const referenceEqual = unwrap<(a: unknown, b: unknown) => boolean>(ajvEqual);
const referenceLength = unwrap<(s: string) => number>(ajvUcs2length);

describe("ucs2length", () => {
  it.each(["", "abc", "é", "😀", "a😀b", "\ud800", "\ud800x", "𝄞𝄞", "日本語"])("counts %j like Ajv", (text) => {
    expect(ucs2length(text)).toBe(referenceLength(text));
  });
});

describe("equal", () => {
  const values: unknown[] = [
    null,
    0,
    1,
    "1",
    true,
    false,
    [],
    [1, 2],
    [2, 1],
    {},
    { a: 1 },
    { a: 1, b: [1] },
    { b: [1], a: 1 },
    { a: undefined },
    { b: undefined },
    Number.NaN,
  ];
  it("agrees with Ajv's equal on every pair", () => {
    for (const a of values) for (const b of values) expect([a, b, equal(a, b)]).toEqual([a, b, referenceEqual(a, b)]);
  });
});

describe("formats", () => {
  const vectors: Record<string, unknown[]> = {
    "date-time": [
      "2026-01-05T17:22:56Z",
      "2026-01-0/T17:22:56Z",
      "2026-01-05T17:2:/56Z",
      "2026-01-05T17:22:56.Z",
      "2026-01-05T17:22:56+0530",
      "2026-01-05T17:22:56+05",
      "2026-01-05T17:22:56+05:3",
      "2026-04-31T00:00:00Z",
      "2026-01-05T17:22:56.123+01:00",
      "2026-01-05t17:22:56z",
      "2026-01-05 17:22:56Z",
      "2026-01-05T17:22:56",
      "2026-02-30T00:00:00Z",
      "2024-02-29T00:00:00Z",
      "2023-02-29T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-01-05T24:00:00Z",
      "2016-12-31T23:59:60Z",
      "2016-12-31T23:59:61Z",
      "2026-01-05",
      "x",
    ],
    date: ["2026-01-05", "2026-1-5", "2024-02-29", "2023-02-29", "2026-04-31"],
    time: ["17:22:56Z", "17:22:56", "25:00:00Z", "17:22:56+05:30"],
    uri: [
      "https://ads-api.x.com/12/accounts",
      "http://a",
      "mailto:a@b.c",
      "not a uri",
      "/relative",
      "https://x.com/a b",
    ],
    email: ["a@b.co", "a.b@c.d.e", "a@", "@b.c", "a b@c.d"],
    uuid: [
      "123e4567-e89b-12d3-a456-426614174000",
      "123e4567e89b12d3a456426614174000",
      "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
    ],
    byte: ["aGVsbG8=", "aGVsbG8", "", "####"],
    int32: [0, 2147483647, 2147483648, -2147483648, -2147483649, 1.5],
    int64: [0, 9007199254740991, 1.5],
  };
  for (const [name, values] of Object.entries(vectors)) {
    it(`${name} agrees with ajv-formats`, () => {
      const check = checkOf(name);
      // The compiler applies string formats to strings and number formats to numbers only.
      const ours =
        check &&
        ((value: unknown) =>
          typeof value !== (name.startsWith("int") ? "number" : "string") ? true : check(value as never));
      const theirs = (fullFormats as Record<string, unknown>)[name];
      const run = (format: unknown, value: unknown) =>
        typeof format === "function"
          ? format(value)
          : format instanceof RegExp
            ? format.test(String(value))
            : (format as { validate: (v: unknown) => boolean }).validate(value);
      for (const value of values) expect([value, run(ours, value)]).toEqual([value, run(theirs, value)]);
    });
  }
  it("names a runtime check that exists for every format the compiler knows", () => {
    const named = Object.values({ ...STRING_FORMATS, ...NUMBER_FORMATS }).filter((fn) => fn !== undefined);
    for (const fn of named) expect([fn, typeof (runtime as Record<string, unknown>)[fn]]).toEqual([fn, "function"]);
    expect(Object.keys(vectors).filter((name) => checkOf(name) === undefined)).toEqual([]);
  });
});
