// documents.json is the one registry: redocly.yaml's apis block is generated from it.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { specDir } from "../lib/model.mjs";
import { apisBlock, checkRegistry, withApis } from "./registry.mjs";

describe("the registry", () => {
  it("is what redocly.yaml's apis block says", () => {
    assert.deepEqual(checkRegistry(), []);
  });

  it("lists each document as a source and as a bundle, with its rules and its role's", () => {
    const block = apisBlock([
      { name: "x", role: "api", root: "x/openapi.yaml", bundle: "dist/x.json", lint: { "rule/x": "error" } },
      { name: "e", role: "events", root: "e/openapi.yaml", bundle: "dist/e.json" },
    ]);
    assert.match(
      block,
      /\n {2}x:\n {4}root: x\/openapi.yaml\n {4}output: dist\/x.json\n {4}rules:\n {6}rule\/x: error\n/,
    );
    assert.match(block, /\n {2}x-bundle:\n {4}root: dist\/x.json\n {4}rules:\n {6}rule\/x: error\n/);
    assert.match(
      block,
      /\n {2}e-bundle:\n {4}root: dist\/e.json\n {4}rules:\n {6}# .*\n {6}no-unused-components: off\n/,
    );
  });

  it("reports a document added to documents.json but not to redocly.yaml, and how to fix it", () => {
    const dir = mkdtempSync(join(tmpdir(), "xads-registry-"));
    cpSync(join(specDir, "redocly.yaml"), join(dir, "redocly.yaml"));
    const documents = JSON.parse(readFileSync(join(specDir, "documents.json"), "utf8"));
    documents.push({
      name: "extra",
      title: "Extra",
      role: "api",
      root: "extra/openapi.yaml",
      bundle: "dist/extra.json",
      mockPort: 4099,
    });
    writeFileSync(join(dir, "documents.json"), JSON.stringify(documents));
    assert.deepEqual(checkRegistry(dir), [
      "the apis block of redocly.yaml differs from documents.json: run `node scripts/registry.mjs` in spec/",
    ]);
    const fixed = withApis(readFileSync(join(dir, "redocly.yaml"), "utf8"), documents);
    writeFileSync(join(dir, "redocly.yaml"), fixed);
    assert.deepEqual(checkRegistry(dir), []);
    assert.match(fixed, /\n {2}extra-bundle:\n/);
  });

  it("refuses a redocly.yaml without the generated block", () => {
    assert.throws(() => withApis("extends: []\n", []), /has no "# BEGIN apis"/);
  });
});
