import { describe, expect, it } from "vitest";
import { arrayOfCount, beside, distinctItems, outsideEnum, stringOfLength } from "../../src/values.js";

const matches = (pattern: RegExp) => (value: unknown) => typeof value === "string" && pattern.test(value);

describe("stringOfLength", () => {
  it("grows a seed to the length while the pattern still matches", () => {
    const value = stringOfLength("created_at-asc", 40, matches(/^[a-z][a-z0-9_]*-(asc|desc)$/));
    expect(value).toHaveLength(40);
    expect(value).toMatch(/^[a-z][a-z0-9_]*-(asc|desc)$/);
  });

  it("shrinks a seed, and says undefined when no string of that length fits", () => {
    expect(stringOfLength("PO-1234", 3, matches(/^PO-\d*$/))).toBe("PO-");
    expect(stringOfLength("PO-1234", 2, matches(/^PO-\d*$/))).toBeUndefined();
    expect(stringOfLength("abc", -1, () => true)).toBeUndefined();
  });
});

describe("distinctItems and arrayOfCount", () => {
  it("varies a seed into distinct items that each fit", () => {
    const items = distinctItems("t1", 5, matches(/^t[0-9a-z]+$/));
    expect(new Set(items).size).toBe(5);
  });

  it("repeats the seed unless items must be unique, and stops at the enum's size", () => {
    expect(
      arrayOfCount(
        "id",
        3,
        false,
        () => true,
        () => true,
      ),
    ).toEqual(["id", "id", "id"]);
    expect(arrayOfCount("A", 3, true, () => true, matches(/^[ABC]$/), ["A", "B", "C"])).toEqual(["A", "B", "C"]);
    expect(arrayOfCount("A", 4, true, () => true, matches(/^[ABC]$/), ["A", "B", "C"])).toBeUndefined();
  });
});

describe("beside and outsideEnum", () => {
  it("steps next to a limit without binary noise", () => {
    expect(beside(0.3, 1, 0.1)).toBe(0.4);
    expect(beside(1, -1, 1)).toBe(0);
  });

  it("finds a value outside the enum that fits the other keywords", () => {
    expect(outsideEnum(["ACTIVE", "PAUSED"], (v) => typeof v === "string")).toBe("NOT_LISTED");
    expect(outsideEnum(["a1", "b2"], matches(/^[a-z][0-9]$/))).toBe("b1");
    expect(outsideEnum([1, 5], (v) => typeof v === "number")).toBe(6);
    expect(outsideEnum(["A"], () => false)).toBeUndefined();
  });
});
