import { describe, expect, it } from "vitest";
import { boundedCache } from "../src/bounded-cache.js";

describe("boundedCache", () => {
  it("computes a key once, null included, and forgets everything when full", () => {
    const computed: string[] = [];
    const lookup = boundedCache(2, (key) => {
      computed.push(key);
      return key === "none" ? null : key.length;
    });
    expect([lookup("a"), lookup("none"), lookup("a"), lookup("none")]).toEqual([1, null, 1, null]);
    expect(computed).toEqual(["a", "none"]);
    lookup("bbb"); // full: a and none are forgotten
    lookup("a");
    expect(computed).toEqual(["a", "none", "bbb", "a"]);
  });

  it("does not remember a key whose computation throws", () => {
    let calls = 0;
    const lookup = boundedCache(4, (key) => {
      calls++;
      if (key === "bad") throw new TypeError("bad key");
      return key;
    });
    expect(() => lookup("bad")).toThrow("bad key");
    expect(() => lookup("bad")).toThrow("bad key");
    expect(calls).toBe(2);
  });
});
