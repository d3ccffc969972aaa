// Where to change the spec for a finding (the truth loop's drift report names it): the operation's YAML file (the document's openapi.yaml
// names it under its path: `get: {$ref: operations/campaigns/listCampaigns.yaml}`) and the line of a
// response status or of its schema `$ref` in it, found by a plain line search.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository: spec/'s parent, which the files named here are relative to. */
export const repoDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const specDir = join(repoDir, "spec");

/** @type {Map<string, string[]>} */
const linesCache = new Map();
/** @param {string} file */
function linesOf(file) {
  let lines = linesCache.get(file);
  if (!lines) {
    lines = readFileSync(file, "utf8").split("\n");
    linesCache.set(file, lines);
  }
  return lines;
}

/**
 * The operation's file relative to the repository, or undefined when the document writes it inline.
 * @param {string} document @param {string} method @param {string} path
 */
export function operationFileOf(document, method, path) {
  const root = join(specDir, document, "openapi.yaml");
  if (!existsSync(root)) return undefined;
  const lines = linesOf(root);
  const at = lines.findIndex((line) => line.trimEnd() === `  ${path}:` || line.trimEnd() === `  "${path}":`);
  if (at < 0) return undefined;
  for (let i = at + 1; i < lines.length && /^ {4}/.test(lines[i] ?? ""); i++) {
    const ref = new RegExp(`^ {4}${method.toLowerCase()}:\\s*\\{\\s*\\$ref:\\s*([^}\\s]+)\\s*\\}`).exec(lines[i] ?? "");
    if (ref?.[1]) return relative(repoDir, join(specDir, document, ref[1]));
  }
  return undefined;
}

/**
 * The 1-based line of a response status in an operation file (`"200":` under `responses:`), or of its
 * schema `$ref` when `schema` is set; the `responses:` line when the status is not there.
 * @param {string} file relative to the repository @param {string} status @param {{ schema?: boolean }} [options]
 */
export function specLineOf(file, status, options = {}) {
  const lines = linesOf(join(repoDir, file));
  const responses = lines.findIndex((line) => /^responses:/.test(line));
  if (responses < 0) return 1;
  const statusLine = lines.findIndex((line, i) => i > responses && new RegExp(`^ {2}["']?${status}["']?:`).test(line));
  if (statusLine < 0) return responses + 1;
  if (!options.schema) return statusLine + 1;
  for (let i = statusLine + 1; i < lines.length && /^ {3,}/.test(lines[i] ?? ""); i++)
    if (/schema:/.test(lines[i] ?? "")) return i + 1;
  return statusLine + 1;
}
