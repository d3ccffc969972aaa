import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { caseFamilies } from "../../../src/families/index.js";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

describe("the case families", () => {
  it("have distinct ids, each the name of its file", async () => {
    const ids = caseFamilies.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const family of caseFamilies) {
      const module = await import(`../../../src/families/${family.id}.ts`);
      expect(Object.values(module)).toContain(family);
    }
  });

  it("are the rows of the README's table, in the order their tests run", () => {
    const rows = [...readme.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((m) => m[1]);
    expect(rows).toEqual(caseFamilies.map((f) => f.id));
  });
});
