import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { declareBaseline } from "../src/baseline.mjs";
import { groupVersion, layout, readBaseline } from "../src/layout.mjs";
import { changeset, fixture, gate, removeRepositories, repository, setVersion } from "./repository.mjs";

afterEach(removeRepositories);

const GROUP = ["@xads/types", "@xads/client", "@xads/validator", "@xads/emulator"];

/**
 * @param {string} root
 * @param {string[]} args
 */
function git(root, args) {
  const result = spawnSync("git", ["-c", "user.name=gate", "-c", "user.email=gate@example.invalid", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

describe("declaring the release baseline", () => {
  it("copies the bundles under the group's version with a manifest, and replaces the previous release", () => {
    const root = repository({ version: "1.0.0" });
    expect(declareBaseline(root)).toBe("baseline 1.0.0 declared in spec/releases/1.0.0");
    expect(JSON.parse(readFileSync(join(root, "spec/releases/1.0.0/ads.json"), "utf8"))).toEqual(
      JSON.parse(fixture("base")),
    );
    expect(JSON.parse(readFileSync(join(root, "spec/releases/1.0.0/release.json"), "utf8"))).toEqual({
      version: "1.0.0",
      documents: ["ads"],
      pendingChangesets: [],
    });

    writeFileSync(join(root, "spec/dist/ads.json"), fixture("add-operation"));
    setVersion(root, "1.1.0");
    expect(declareBaseline(root)).toBe("baseline 1.1.0 declared in spec/releases/1.1.0 (replaces 1.0.0)");
    expect(readdirSync(join(root, "spec/releases"))).toEqual(["1.1.0"]);
    expect(gate(root).output).toContain("no breaking change since release 1.1.0");
  });

  it("records the changesets still pending, which the gate will not count", () => {
    const root = repository();
    changeset(root, "not-yet-released.md", { "@xads/client": "minor" });
    declareBaseline(root);
    expect(readBaseline(layout(root))?.pendingChangesets).toEqual(["not-yet-released.md"]);
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

  it("refuses a version older than the baseline", () => {
    const root = repository({ version: "2.0.0" });
    declareBaseline(root);
    setVersion(root, "1.9.0");
    expect(() => declareBaseline(root)).toThrow("the packages' version 1.9.0 is older than the baseline 2.0.0");
  });

  it("notes a baseline older than the versioned packages", () => {
    const root = repository({ version: "1.0.0" });
    declareBaseline(root);
    setVersion(root, "2.0.0");
    expect(gate(root).output).toContain("the packages are at 2.0.0 but the baseline is 1.0.0");
  });

  it("declares the baseline of a past commit: its bundles, version and pending changesets", () => {
    const root = repository({ version: "1.0.0" });
    changeset(root, "earlier-major.md", { "@xads/types": "major" });
    git(root, ["init", "--quiet"]);
    git(root, ["add", "."]);
    git(root, ["commit", "--quiet", "-m", "release 1.0.0"]);
    const sha = git(root, ["rev-parse", "HEAD"]);
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("remove-operation"));
    setVersion(root, "1.1.0");
    rmSync(join(root, ".changeset/earlier-major.md"));

    expect(declareBaseline(root, { from: "HEAD" })).toBe(
      `baseline 1.0.0 declared from ${sha.slice(0, 7)} in spec/releases/1.0.0`,
    );
    const baseline = readBaseline(layout(root));
    expect(baseline?.documents).toEqual({ ads: JSON.parse(fixture("base")) });
    expect(baseline?.pendingChangesets).toEqual(["earlier-major.md"]);
    expect(baseline?.commit).toBe(sha);

    changeset(root, "earlier-major.md", { "@xads/types": "major" });
    const blocked = gate(root);
    expect(blocked.code).toBe(1);
    expect(blocked.output).toContain("deleteCampaign (DELETE /12/accounts/{account_id}/campaigns/{campaign_id})");
  });

  it("names a revision that is no commit, and refuses one that reads as an option", () => {
    const root = repository();
    git(root, ["init", "--quiet"]);
    expect(() => declareBaseline(root, { from: "no-such-tag" })).toThrow('--from: no commit named "no-such-tag"');
    expect(() => declareBaseline(root, { from: "--output=/tmp/x" })).toThrow(
      '--from: "--output=/tmp/x" is not a revision name',
    );
  });
});

describe("reading the baseline", () => {
  it("takes the newest version directory by semver, not by name", () => {
    const root = repository({ version: "1.2.0" });
    declareBaseline(root);
    setVersion(root, "1.10.0");
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("add-operation"));
    declareBaseline(root);
    mkdirSync(join(root, "spec/releases/1.2.0"));
    expect(readBaseline(layout(root))?.version).toBe("1.10.0");
  });

  it("names a version directory without its manifest, and a document the manifest names but lacks", () => {
    const root = repository();
    mkdirSync(join(root, "spec/releases/1.0.0"), { recursive: true });
    expect(() => readBaseline(layout(root))).toThrow("spec/releases/1.0.0/release.json is missing");
    writeFileSync(
      join(root, "spec/releases/1.0.0/release.json"),
      JSON.stringify({ version: "1.0.0", documents: ["ads"], pendingChangesets: [] }),
    );
    expect(() => readBaseline(layout(root))).toThrow(
      "spec/releases/1.0.0/release.json names ads, but ads.json is missing",
    );
    writeFileSync(
      join(root, "spec/releases/1.0.0/release.json"),
      JSON.stringify({ version: "1.0.0", documents: ["../ads"], pendingChangesets: [] }),
    );
    expect(() => readBaseline(layout(root))).toThrow('"documents" must be a non-empty list of document names');
  });

  it("reads the group's version, and refuses a group at several versions", () => {
    const root = repository({ version: "1.0.0" });
    setVersion(root, "1.0.0", "@xads/client");
    expect(groupVersion(layout(root), GROUP)).toBe("1.0.0");
    setVersion(root, "1.1.0", "@xads/client");
    expect(() => groupVersion(layout(root), GROUP)).toThrow(
      "the fixed group's packages are at different versions (@xads/client@1.1.0, @xads/types@1.0.0)",
    );
  });
});
