// Reads the pending changesets (.changeset/*.md) and the fixed group of the generated packages.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

/** @typedef {"major" | "minor" | "patch" | "none"} Bump */
/** @typedef {{ file: string, releases: Record<string, Bump> }} Changeset */

/**
 * The pending changesets: [{ file, releases: { packageName: "major" | "minor" | "patch" | "none" } }].
 * A file that is not a changeset (no front matter) is an error that names it, not a silent skip.
 * @param {string} changesetDir
 * @returns {Changeset[]}
 */
export function readPendingChangesets(changesetDir) {
  if (!existsSync(changesetDir)) return [];
  return readdirSync(changesetDir)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .sort()
    .map((file) => ({ file, releases: parseFrontMatter(file, readFileSync(join(changesetDir, file), "utf8")) }));
}

/**
 * @param {string} file
 * @param {string} text
 * @returns {Record<string, Bump>}
 */
function parseFrontMatter(file, text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---/.exec(text);
  if (!match) throw new Error(`.changeset/${file}: a changeset starts with a --- front matter --- block`);
  const releases = parse(match[1] ?? "") ?? {};
  for (const [name, bump] of Object.entries(releases)) {
    if (!["major", "minor", "patch", "none"].includes(bump)) {
      throw new Error(`.changeset/${file}: "${name}" has bump "${bump}"; expected major, minor, patch or none`);
    }
  }
  return releases;
}

/**
 * The packages generated from the spec: the fixed group of .changeset/config.json holding @xads/types.
 * @param {string} changesetDir
 * @returns {string[]}
 */
export function generatedPackages(changesetDir) {
  /** @type {{ fixed?: string[][] }} */
  const config = JSON.parse(readFileSync(join(changesetDir, "config.json"), "utf8"));
  const group = (config.fixed ?? []).find((names) => names.includes("@xads/types"));
  if (!group) throw new Error(".changeset/config.json: no fixed group holds @xads/types");
  return group;
}

/**
 * The changesets that declare a major bump of one of `packages`.
 * @param {Changeset[]} changesets
 * @param {string[]} packages
 */
export function majorChangesets(changesets, packages) {
  return changesets.filter(({ releases }) => packages.some((name) => releases[name] === "major"));
}
