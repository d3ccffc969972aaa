// Where the release files live, relative to a repository root (tests pass a temporary one), and how
// the baseline is read back: spec/releases/<version>/release.json names the release's documents and
// the changesets already pending when it was declared; <document>.json beside it are the bundles.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSpec } from "@xads/spec/lib/model.mjs";

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), "../../..");

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {ReturnType<typeof layout>} Layout */
/**
 * @typedef {{ version: string, documents: string[], pendingChangesets: string[], commit?: string }} Manifest
 * `pendingChangesets`: the changeset files pending when the baseline was declared. They describe
 * changes the baseline already holds, so the gate does not count them for changes made since.
 * `commit`: the commit the bundles were taken from, when declared with `--from`.
 */
/** @typedef {Omit<Manifest, "documents"> & { dir: string, documents: Record<string, Node> }} Baseline */

/** The manifest's file name in a release directory; no document may take it as its name. */
export const MANIFEST = "release.json";

export function layout(root = repositoryRoot) {
  return {
    root,
    specDir: join(root, "spec"),
    releasesDir: join(root, "spec/releases"),
    changesetDir: join(root, ".changeset"),
    packagesDir: join(root, "packages"),
  };
}

/**
 * Reads every document's current bundle through the spec model: { name: document }. Read fresh, as
 * a build or a test may have rewritten the bundles since the process started.
 * @param {Layout} paths
 * @returns {Record<string, Node>}
 */
export function readCurrentBundles(paths) {
  return Object.fromEntries(loadSpec(paths.specDir, { fresh: true }).documents.map((d) => [d.name, d.bundle()]));
}

/**
 * Compares two semver strings; a pre-release sorts before its release.
 * @param {string} a
 * @param {string} b
 */
export function compareVersions(a, b) {
  const [, ...pa] = SEMVER.exec(a) ?? [];
  const [, ...pb] = SEMVER.exec(b) ?? [];
  for (let i = 0; i < 3; i++) {
    const diff = Number(pa[i]) - Number(pb[i]);
    if (diff !== 0) return diff;
  }
  if (pa[3] === pb[3]) return 0;
  if (pa[3] === undefined) return 1;
  if (pb[3] === undefined) return -1;
  return pa[3] < pb[3] ? -1 : 1;
}

/**
 * The release baseline the gate compares with: the newest version directory of spec/releases/ by
 * semver (only the last release is kept; any other entry is ignored), or undefined when there is none.
 * @param {Layout} paths
 * @returns {Baseline | undefined}
 */
export function readBaseline(paths) {
  if (!existsSync(paths.releasesDir)) return undefined;
  const versions = readdirSync(paths.releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && SEMVER.test(entry.name))
    .map((entry) => entry.name)
    .sort(compareVersions);
  const version = versions.at(-1);
  if (!version) return undefined;
  const dir = join(paths.releasesDir, version);
  const manifest = readManifest(dir, version);
  const documents = Object.fromEntries(
    manifest.documents.map((name) => {
      const file = join(dir, `${name}.json`);
      if (!existsSync(file))
        throw new Error(`spec/releases/${version}/${MANIFEST} names ${name}, but ${name}.json is missing`);
      return [name, JSON.parse(readFileSync(file, "utf8"))];
    }),
  );
  return { ...manifest, dir, documents };
}

/**
 * @param {string} dir
 * @param {string} version the directory's name
 * @returns {Manifest}
 */
function readManifest(dir, version) {
  const where = `spec/releases/${version}/${MANIFEST}`;
  if (!existsSync(join(dir, MANIFEST))) {
    throw new Error(`${where} is missing: a baseline is declared by \`pnpm release:baseline\`, never by hand`);
  }
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), "utf8"));
  const names = (/** @type {unknown} */ value) =>
    Array.isArray(value) && value.every((item) => typeof item === "string" && /^[\w.-]+$/.test(item));
  if (manifest?.version !== version) throw new Error(`${where}: "version" must be the directory's name, ${version}`);
  if (!names(manifest.documents) || manifest.documents.length === 0) {
    throw new Error(`${where}: "documents" must be a non-empty list of document names (letters, digits, _ . -)`);
  }
  if (!names(manifest.pendingChangesets)) {
    throw new Error(`${where}: "pendingChangesets" must be a list of changeset file names`);
  }
  return manifest;
}

/**
 * The version of the fixed group of generated packages (.changeset/config.json), read from their
 * manifests under packages/: changesets moves them together, so they must agree.
 * @param {Layout} paths
 * @param {string[]} group the package names of the fixed group
 */
export function groupVersion(paths, group) {
  /** @type {Map<string, string>} */
  const versions = new Map();
  for (const dir of readdirSync(paths.packagesDir).sort()) {
    const file = join(paths.packagesDir, dir, "package.json");
    if (!existsSync(file)) continue;
    const { name, version } = JSON.parse(readFileSync(file, "utf8"));
    if (group.includes(name)) versions.set(name, version);
  }
  const distinct = new Set(versions.values());
  if (distinct.size === 0) throw new Error(`no package of the fixed group (${group.join(", ")}) under packages/`);
  if (distinct.size > 1) {
    const listed = [...versions].map(([name, version]) => `${name}@${version}`).join(", ");
    throw new Error(`the fixed group's packages are at different versions (${listed}): run \`changeset version\``);
  }
  const [version = ""] = distinct;
  if (!SEMVER.test(version)) throw new Error(`the fixed group's version "${version}" is not semver`);
  return version;
}
