// Runs `changeset version` with the repository's own configuration on a copy of the published
// packages' manifests, to show that the fixed group moves together and the private packages stay.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { generatedPackages } from "../src/changesets.mjs";
import { repositoryRoot } from "../src/layout.mjs";

const published = {
  "@xads/types": "packages/types",
  "@xads/client": "packages/client",
  "@xads/validator": "packages/validator",
  "@xads/emulator": "packages/emulator",
};
const changesetBin = join(repositoryRoot, "node_modules/.bin/changeset");
/** @type {string[]} */
const roots = [];

/**
 * A workspace holding copies of the four manifests (at `version`) and of the private bench package.
 * @param {string} version
 */
function workspace(version) {
  const root = mkdtempSync(join(tmpdir(), "xads-changesets-"));
  roots.push(root);
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "workspace-root", private: true }));
  writeFileSync(join(root, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n  - bench\n");
  mkdirSync(join(root, ".changeset"));
  cpSync(join(repositoryRoot, ".changeset/config.json"), join(root, ".changeset/config.json"));
  for (const dir of [...Object.values(published), "bench"]) {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, dir, "package.json"), "utf8"));
    if (!manifest.private) manifest.version = version;
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, "package.json"), JSON.stringify(manifest, null, 2));
  }
  return root;
}

/**
 * Runs `changeset version` on the workspace with these changesets; returns each package's new version.
 * @param {string} root
 * @param {Record<string, string>} changesets file name: text
 */
function version(root, changesets) {
  for (const [file, text] of Object.entries(changesets)) writeFileSync(join(root, ".changeset", file), text);
  const result = spawnSync(changesetBin, ["version"], { cwd: root, encoding: "utf8" });
  expect(result.status, result.stdout + result.stderr).toBe(0);
  /** @param {string} dir */
  const read = (dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).version;
  /** @type {[string, string][]} */
  const dirs = [...Object.entries(published), ["@xads/bench", "bench"]];
  return Object.fromEntries(dirs.map(([n, d]) => [n, read(d)]));
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the changesets configuration", () => {
  it("puts the four generated packages in one fixed group", () => {
    expect([...generatedPackages(join(repositoryRoot, ".changeset"))].sort()).toEqual(Object.keys(published).sort());
  });

  it("lets the published packages name each other with workspace:^ peer ranges, not exact ones", () => {
    // changesets bumps a package to a major whenever a peer dependency leaves its range; an exact
    // range (workspace:*) would turn every minor release of the group into a major one.
    for (const dir of Object.values(published)) {
      const { peerDependencies = {} } = JSON.parse(readFileSync(join(repositoryRoot, dir, "package.json"), "utf8"));
      for (const [name, range] of Object.entries(peerDependencies)) {
        if (name in published) expect(range, `${dir}/package.json peerDependencies["${name}"]`).toBe("workspace:^");
      }
    }
  });

  it("releases a minor change of one package as the same minor of all four, with changelogs", () => {
    const root = workspace("1.0.0");
    const versions = version(root, {
      "new-field.md": '---\n"@xads/types": minor\n---\n\nAdd `start_time` to Campaign.\n',
    });
    expect(versions).toEqual({
      "@xads/types": "1.1.0",
      "@xads/client": "1.1.0",
      "@xads/validator": "1.1.0",
      "@xads/emulator": "1.1.0",
      "@xads/bench": "0.0.0",
    });
    for (const dir of Object.values(published)) {
      expect(readFileSync(join(root, dir, "CHANGELOG.md"), "utf8")).toContain("## 1.1.0");
    }
    expect(readFileSync(join(root, "packages/types/CHANGELOG.md"), "utf8")).toContain("Add `start_time` to Campaign.");
    expect(existsSync(join(root, "bench/CHANGELOG.md"))).toBe(false);
    expect(existsSync(join(root, ".changeset/new-field.md"))).toBe(false);
  });

  it("releases a major change of one package as the next major of all four", () => {
    const root = workspace("1.1.0");
    const versions = version(root, { "removed.md": '---\n"@xads/validator": major\n---\n\nRemove deleteCampaign.\n' });
    expect(versions).toMatchObject({
      "@xads/types": "2.0.0",
      "@xads/client": "2.0.0",
      "@xads/validator": "2.0.0",
      "@xads/emulator": "2.0.0",
    });
  });
});
