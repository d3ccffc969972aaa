// Declares the release baseline: copies the current bundles (spec/dist) to
// spec/releases/<version of @xads/types>/ and removes the previous release's directory (git keeps
// it). Run once per version, right after `changeset version` (`pnpm version-packages` does both).
//   node src/baseline.mjs [--root <repository root>]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { compareVersions, layout, readBaseline, readCurrentBundles } from "./layout.mjs";

/**
 * Writes the baseline; returns a message. Throws when the version would absorb unreleased changes.
 * @param {string} [root] the repository root
 */
export function declareBaseline(root) {
  const paths = layout(root);
  const version = JSON.parse(readFileSync(paths.typesManifest, "utf8")).version;
  const current = readCurrentBundles(paths);
  const previous = readBaseline(paths);
  if (previous) {
    const order = compareVersions(version, previous.version);
    if (order < 0) throw new Error(`@xads/types ${version} is older than the baseline ${previous.version}`);
    if (order === 0) {
      if (isDeepStrictEqual(previous.documents, current)) return `baseline ${version} is already declared`;
      throw new Error(
        `spec/dist differs from the ${version} baseline but the version did not change: ` +
          "add a changeset and run `pnpm version-packages`",
      );
    }
  }
  const dir = join(paths.releasesDir, version);
  mkdirSync(dir, { recursive: true });
  for (const [name, document] of Object.entries(current)) {
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
  }
  if (previous) rmSync(previous.dir, { recursive: true });
  formatWithBiome(paths.root, dir);
  const replaced = previous ? ` (replaces ${previous.version})` : "";
  return `baseline ${version} declared in ${relative(paths.root, dir)}${replaced}`;
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rootFlag = process.argv.indexOf("--root");
  try {
    console.log(declareBaseline(rootFlag > 0 ? process.argv[rootFlag + 1] : undefined));
  } catch (error) {
    console.error(`baseline: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
