// The checks of published.mjs on small made-up packages: what they find and what they accept.
import { describe, expect, it } from "vitest";
import { danglingReferences, expectedRepositoryFields } from "../src/published.mjs";

/**
 * @param {(string | null)[]} sources
 * @param {object} [extra]
 */
const map = (sources, extra = {}) => JSON.stringify({ version: 3, file: "x", mappings: "", sources, ...extra });
/** @param {string} text */
const base64 = (text) => Buffer.from(text).toString("base64");

describe("danglingReferences", () => {
  it("accepts maps whose comments and sources all resolve inside the package", () => {
    const files = new Map([
      ["dist/index.js", "export {};\n//# sourceMappingURL=index.js.map"],
      ["dist/index.js.map", map(["../src/index.ts"])],
      ["dist/index.d.ts", "export {};\n//# sourceMappingURL=index.d.ts.map\n"],
      ["dist/index.d.ts.map", map(["index.ts"], { sourceRoot: "../src/" })],
      ["dist/inline.js", `//# sourceMappingURL=data:application/json;base64,${base64(map(["../src/index.ts"]))}`],
      ["src/index.ts", null],
      ["README.md", null],
    ]);
    expect(danglingReferences(files)).toEqual([]);
  });

  it("reports declaration maps shipped without their sources (the case of `files: [dist]`)", () => {
    const files = new Map([
      ["dist/index.d.ts", "export {};\n//# sourceMappingURL=index.d.ts.map"],
      ["dist/index.d.ts.map", map(["../src/index.ts"])],
    ]);
    expect(danglingReferences(files)).toEqual(['dist/index.d.ts.map: source "../src/index.ts" is not in the package']);
  });

  it("reports a missing map, a map outside the package or at a URL, and the sources of an inline map", () => {
    const files = new Map([
      ["dist/a.js", "//# sourceMappingURL=a.js.map"],
      ["dist/b.css", "a{}\n/*# sourceMappingURL=../../b.css.map */"],
      ["dist/c.js", "//# sourceMappingURL=https://example.com/c.js.map"],
      ["dist/d.js", `//# sourceMappingURL=data:application/json;charset=utf-8;base64,${base64(map(["d.ts"]))}`],
      ["dist/e.js.map", "not json"],
    ]);
    expect(danglingReferences(files)).toEqual([
      'dist/a.js: sourceMappingURL "a.js.map" is not in the package',
      'dist/b.css: sourceMappingURL "../../b.css.map" is not in the package',
      'dist/c.js: sourceMappingURL "https://example.com/c.js.map" is not in the package',
      'dist/d.js (inline map): source "d.ts" is not in the package',
      "dist/e.js.map: not a JSON source map",
    ]);
  });

  it("reads only comments on a line of their own, not the words in code", () => {
    const files = new Map([["dist/a.js", 'const s = "//# sourceMappingURL=nowhere.map";\n']]);
    expect(danglingReferences(files)).toEqual([]);
  });
});

describe("expectedRepositoryFields", () => {
  it("gives a package the root's url and bugs, its own directory and its folder's README", () => {
    const root = {
      repository: { type: "git", url: "git+https://github.com/o/r.git" },
      bugs: { url: "https://github.com/o/r/issues" },
    };
    expect(expectedRepositoryFields(root, "packages/p")).toEqual({
      repository: { type: "git", url: "git+https://github.com/o/r.git", directory: "packages/p" },
      homepage: "https://github.com/o/r/tree/main/packages/p#readme",
      bugs: { url: "https://github.com/o/r/issues" },
    });
  });
});
