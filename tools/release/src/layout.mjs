// Where the release files live, relative to a repository root (tests pass a temporary one).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSpec } from "@xads/spec/lib/model.mjs";

export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), "../../..");

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {ReturnType<typeof layout>} Layout */
/** @typedef {{ version: string, dir: string, documents: Record<string, Node> }} Baseline */

export function layout(root = repositoryRoot) {
  return {
    root,
    specDir: join(root, "spec"),
    releasesDir: join(root, "spec/releases"),
    changesetDir: join(root, ".changeset"),
    typesManifest: join(root, "packages/types/package.json"),
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
 * The kept release baseline: { version, dir, documents: { name: document } }, or undefined.
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
  const documents = Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file.slice(0, -".json".length), JSON.parse(readFileSync(join(dir, file), "utf8"))]),
  );
  return { version, dir, documents };
}

/** @param {string} value */
export function isVersion(value) {
  return SEMVER.test(value);
}
