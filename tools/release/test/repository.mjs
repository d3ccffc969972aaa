// Throw-away repositories for the gate and baseline tests: a spec registry with its bundles, the real
// changesets configuration, and @xads/types at a version. Removed by `removeRepositories()`.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "../src/layout.mjs";

const gateScript = new URL("../src/gate.mjs", import.meta.url).pathname;
/** @type {string[]} */
const roots = [];

/** @param {string} name */
export const fixture = (name) => readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), "utf8");

/**
 * A repository whose registry holds `documents` ({ name: bundle text }), at `version`.
 * @param {{ documents?: Record<string, string>, version?: string }} [options]
 */
export function repository({ documents = { ads: fixture("base") }, version = "1.0.0" } = {}) {
  const root = mkdtempSync(join(tmpdir(), "xads-gate-"));
  roots.push(root);
  mkdirSync(join(root, "spec/dist"), { recursive: true });
  const registry = Object.keys(documents).map((name) => ({ name, bundle: `dist/${name}.json` }));
  writeFileSync(join(root, "spec/documents.json"), JSON.stringify(registry));
  for (const [name, text] of Object.entries(documents)) writeFileSync(join(root, `spec/dist/${name}.json`), text);
  mkdirSync(join(root, ".changeset"));
  cpSync(join(repositoryRoot, ".changeset/config.json"), join(root, ".changeset/config.json"));
  writeFileSync(join(root, ".changeset/README.md"), "# Changesets\n");
  setVersion(root, version);
  return root;
}

/**
 * Sets the version of a package of the fixed group (@xads/types unless named).
 * @param {string} root
 * @param {string} version
 * @param {string} [name]
 */
export function setVersion(root, version, name = "@xads/types") {
  const dir = join(root, "packages", name.replace("@xads/", ""));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version }));
}

/**
 * @param {string} root
 * @param {string} file
 * @param {Record<string, string>} releases package name: bump
 */
export function changeset(root, file, releases) {
  const lines = Object.entries(releases).map(([name, bump]) => `"${name}": ${bump}`);
  writeFileSync(join(root, ".changeset", file), `---\n${lines.join("\n")}\n---\n\nWhat changed.\n`);
}

/**
 * Runs the gate's command on the repository.
 * @param {string} root
 */
export function gate(root) {
  const result = spawnSync(process.execPath, [gateScript, "--root", root], { encoding: "utf8" });
  return { code: result.status, output: result.stdout + result.stderr };
}

export function removeRepositories() {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}
