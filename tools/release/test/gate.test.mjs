import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { declareBaseline } from "../src/baseline.mjs";
import { readPendingChangesets } from "../src/changesets.mjs";
import { repositoryRoot } from "../src/layout.mjs";

/** @param {string} name */
const fixture = (name) => readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8");
const gateScript = new URL("../src/gate.mjs", import.meta.url).pathname;
/** @type {string[]} */
const roots = [];

/**
 * A repository with one document, the real changesets config, and @xads/types at `version`.
 * @param {{ dist?: string, version?: string }} [options]
 */
function repository({ dist = "base", version = "1.0.0" } = {}) {
  const root = mkdtempSync(join(tmpdir(), "xads-gate-"));
  roots.push(root);
  mkdirSync(join(root, "spec/dist"), { recursive: true });
  writeFileSync(join(root, "spec/documents.json"), JSON.stringify([{ name: "ads", bundle: "dist/ads.json" }]));
  writeFileSync(join(root, "spec/dist/ads.json"), fixture(dist));
  mkdirSync(join(root, ".changeset"));
  cpSync(join(repositoryRoot, ".changeset/config.json"), join(root, ".changeset/config.json"));
  writeFileSync(join(root, ".changeset/README.md"), "# Changesets\n");
  setVersion(root, version);
  return root;
}

/**
 * @param {string} root
 * @param {string} version
 */
function setVersion(root, version) {
  mkdirSync(join(root, "packages/types"), { recursive: true });
  writeFileSync(join(root, "packages/types/package.json"), JSON.stringify({ name: "@xads/types", version }));
}

/**
 * @param {string} root
 * @param {string} file
 * @param {Record<string, string>} releases package name: bump
 */
function changeset(root, file, releases) {
  const lines = Object.entries(releases).map(([name, bump]) => `"${name}": ${bump}`);
  writeFileSync(join(root, ".changeset", file), `---\n${lines.join("\n")}\n---\n\nWhat changed.\n`);
}

/** @param {string} root */
function gate(root) {
  const result = spawnSync(process.execPath, [gateScript, "--root", root], { encoding: "utf8" });
  return { code: result.status, output: result.stdout + result.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the breaking-change gate", () => {
  it("passes without a release baseline, and says so", () => {
    const root = repository({ dist: "remove-operation" });
    const { code, output } = gate(root);
    expect(code).toBe(0);
    expect(output).toContain("no release baseline in spec/releases/ yet");
  });

  it("passes a compatible change (a new operation) without any changeset", () => {
    const root = repository();
    declareBaseline(root);
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("add-operation"));
    expect(gate(root)).toEqual({ code: 0, output: "gate: no breaking change since release 1.0.0.\n" });
  });

  for (const breaking of ["remove-operation", "narrow-enum", "add-required-parameter", "response-field-optional"]) {
    it(`fails on ${breaking} with only a minor changeset, and passes once a major one is pending`, () => {
      const root = repository();
      declareBaseline(root);
      writeFileSync(join(root, "spec/dist/ads.json"), fixture(breaking));
      changeset(root, "minor-change.md", { "@xads/client": "minor" });
      const blocked = gate(root);
      expect(blocked.code).toBe(1);
      expect(blocked.output).toContain("breaking change(s) since release 1.0.0");
      expect(blocked.output).toContain(
        "needs a changeset with a major bump of @xads/types, @xads/client, @xads/validator",
      );

      changeset(root, "breaking-spec.md", { "@xads/validator": "major" });
      const allowed = gate(root);
      expect(allowed.code).toBe(0);
      expect(allowed.output).toContain("declared major by:\n  .changeset/breaking-spec.md");
    });
  }

  it("does not count a major bump of a package outside the generated group", () => {
    const root = repository();
    declareBaseline(root);
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("remove-operation"));
    changeset(root, "other.md", { "@xads/mock": "major" });
    expect(gate(root).code).toBe(1);
  });

  it("names a malformed changeset and its bad bump", () => {
    const root = repository();
    changeset(root, "typo.md", { "@xads/types": "mayor" });
    expect(() => readPendingChangesets(join(root, ".changeset"))).toThrow(
      '.changeset/typo.md: "@xads/types" has bump "mayor"; expected major, minor, patch or none',
    );
    const { code, output } = gate(root);
    expect(code).toBe(1);
    expect(output).toContain('"@xads/types" has bump "mayor"');
  });
});

describe("declaring the release baseline", () => {
  it("copies the bundles under the version of @xads/types and replaces the previous release", () => {
    const root = repository({ version: "1.0.0" });
    expect(declareBaseline(root)).toBe("baseline 1.0.0 declared in spec/releases/1.0.0");
    expect(JSON.parse(readFileSync(join(root, "spec/releases/1.0.0/ads.json"), "utf8"))).toEqual(
      JSON.parse(fixture("base")),
    );

    writeFileSync(join(root, "spec/dist/ads.json"), fixture("add-operation"));
    setVersion(root, "1.1.0");
    expect(declareBaseline(root)).toBe("baseline 1.1.0 declared in spec/releases/1.1.0 (replaces 1.0.0)");
    expect(readdirSync(join(root, "spec/releases"))).toEqual(["1.1.0"]);
    expect(gate(root).output).toContain("no breaking change since release 1.1.0");
  });

  it("is idempotent for an unchanged spec, and refuses to absorb a change without a new version", () => {
    const root = repository();
    declareBaseline(root);
    expect(declareBaseline(root)).toBe("baseline 1.0.0 is already declared");
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("remove-operation"));
    expect(() => declareBaseline(root)).toThrow(
      "spec/dist differs from the 1.0.0 baseline but the version did not change: add a changeset and run `pnpm version-packages`",
    );
    expect(existsSync(join(root, "spec/releases/1.0.0/ads.json"))).toBe(true);
  });

  it("notes a baseline older than the versioned packages", () => {
    const root = repository({ version: "1.0.0" });
    declareBaseline(root);
    setVersion(root, "2.0.0");
    expect(gate(root).output).toContain("@xads/types is at 2.0.0 but the baseline is 1.0.0");
  });
});
