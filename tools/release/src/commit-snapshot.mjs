// A past commit's release inputs, laid out as a repository root in a temporary directory, so that a
// baseline can be declared for a commit that was released (or stands for a release) after the fact:
// the document registry and its bundles, the changesets, and the packages' manifests.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";

// A revision as a user names it (sha, tag, branch, HEAD~2); never an option.
const REVISION = /^[0-9A-Za-z][0-9A-Za-z._/~^@{}-]{0,199}$/;
const MAX_OUTPUT = 256 * 1024 * 1024;

/**
 * @param {string} root
 * @param {string[]} args
 */
function git(root, args) {
  const result = spawnSync("git", args, { cwd: root, encoding: "buffer", maxBuffer: MAX_OUTPUT });
  if (result.error) throw new Error(`git ${args[0]}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.toString().trim()}`);
  return result.stdout;
}

/**
 * Extracts `commit`'s release inputs into a temporary root; `dispose()` removes it.
 * @param {string} root the repository root
 * @param {string} commit
 */
export function snapshotOfCommit(root, commit) {
  if (!REVISION.test(commit)) throw new Error(`--from: "${commit}" is not a revision name (a sha, tag or branch)`);
  const resolved = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], {
    cwd: root,
    encoding: "utf8",
  });
  if (resolved.status !== 0) throw new Error(`--from: no commit named "${commit}" in ${root}`);
  const sha = resolved.stdout.trim();
  /** @type {{ bundle: string }[]} */
  const registry = JSON.parse(git(root, ["show", `${sha}:spec/documents.json`]).toString());
  const bundles = registry.map((entry) => posix.join("spec", entry.bundle));
  const snapshot = mkdtempSync(join(tmpdir(), "xads-release-"));
  try {
    const archive = join(snapshot, "inputs.tar");
    git(root, [
      "archive",
      "--format=tar",
      `--output=${archive}`,
      sha,
      "--",
      "spec/documents.json",
      ...bundles,
      ".changeset",
      ":(glob)packages/*/package.json",
    ]);
    const untar = spawnSync("tar", ["-xf", archive, "-C", snapshot], { encoding: "utf8" });
    if (untar.status !== 0) throw new Error(`tar -xf failed: ${untar.stderr || untar.error?.message}`);
    rmSync(archive);
  } catch (error) {
    rmSync(snapshot, { recursive: true, force: true });
    throw error;
  }
  return { root: snapshot, commit: sha, dispose: () => rmSync(snapshot, { recursive: true, force: true }) };
}
