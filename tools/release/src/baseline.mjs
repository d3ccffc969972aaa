// Declares the release baseline the gate compares with (gate.mjs). Run once per version, right after
// `changeset version` (`pnpm version-packages` does both):
//   node src/baseline.mjs [--root <repository root>] [--from <commit>]
// It writes spec/releases/<version>/, named by the version of the fixed group of generated packages
// (.changeset/config.json; they move together), holding each document's bundle (spec/dist, read
// through the spec model) as <document>.json and release.json: the version, the documents, the
// changesets still pending (after `changeset version`, normally none) and, with --from, the commit.
// The bundles are all the gate compares: the facts of @xads/types/facts and the generated types are
// read from them. The previous release's directory is removed (git keeps it).
// --from <commit> declares the baseline of a past commit instead of the working tree: its bundles,
// its group version and its pending changesets (commit-snapshot.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { generatedPackages, readPendingChangesets } from "./changesets.mjs";
import { snapshotOfCommit } from "./commit-snapshot.mjs";
import { compareVersions, groupVersion, layout, MANIFEST, readBaseline, readCurrentBundles } from "./layout.mjs";

/**
 * Writes the baseline; returns a message. Throws when the version would absorb unreleased changes.
 * @param {string} [root] the repository root
 * @param {{ from?: string }} [options] `from`: a commit to take the release's inputs from
 */
export function declareBaseline(root, { from } = {}) {
  const target = layout(root);
  if (from === undefined) return declare(target, target, undefined);
  const snapshot = snapshotOfCommit(target.root, from);
  try {
    return declare(target, layout(snapshot.root), snapshot.commit);
  } finally {
    snapshot.dispose();
  }
}

/**
 * @param {import("./layout.mjs").Layout} target where the baseline is written
 * @param {import("./layout.mjs").Layout} source where the release's inputs are read
 * @param {string | undefined} commit
 */
function declare(target, source, commit) {
  const version = groupVersion(source, generatedPackages(source.changesetDir));
  const current = readCurrentBundles(source);
  if (Object.hasOwn(current, MANIFEST.slice(0, -".json".length))) {
    throw new Error(`spec/documents.json: no document may be named like the manifest, ${MANIFEST}`);
  }
  const previous = readBaseline(target);
  if (previous) {
    const order = compareVersions(version, previous.version);
    if (order < 0) throw new Error(`the packages' version ${version} is older than the baseline ${previous.version}`);
    if (order === 0) {
      if (isDeepStrictEqual(previous.documents, current)) return `baseline ${version} is already declared`;
      throw new Error(
        `spec/dist differs from the ${version} baseline but the version did not change: ` +
          "add a changeset and run `pnpm version-packages`",
      );
    }
  }
  const dir = join(target.releasesDir, version);
  mkdirSync(dir, { recursive: true });
  for (const [name, document] of Object.entries(current)) {
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
  }
  /** @type {import("./layout.mjs").Manifest} */
  const manifest = {
    version,
    documents: Object.keys(current),
    pendingChangesets: readPendingChangesets(source.changesetDir).map((c) => c.file),
    ...(commit ? { commit } : {}),
  };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  if (previous) rmSync(previous.dir, { recursive: true });
  formatWithBiome(target.root, dir);
  const replaced = previous ? ` (replaces ${previous.version})` : "";
  const of = commit ? ` from ${commit.slice(0, 7)}` : "";
  return `baseline ${version} declared${of} in ${relative(target.root, dir)}${replaced}`;
}

/**
 * Formats the copies the way `biome check .` expects, when Biome is installed in the root.
 * @param {string} root
 * @param {string} dir
 */
function formatWithBiome(root, dir) {
  const biome = join(root, "node_modules/.bin/biome");
  if (!existsSync(biome)) return;
  const result = spawnSync(biome, ["format", "--write", dir], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`biome format ${dir} failed:\n${result.stderr}`);
}

/**
 * The value of `--name <value>` in argv, or undefined; a flag without its value is an error.
 * @param {string[]} argv
 * @param {string} name
 */
function flag(argv, name) {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const argv = process.argv.slice(2);
    console.log(declareBaseline(flag(argv, "--root"), { from: flag(argv, "--from") }));
  } catch (error) {
    console.error(`baseline: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
