// The published packages as their users receive them: which workspace packages are published, the
// repository fields each must carry (taken from the root package.json, the one place that names the
// repository), and the files of their packed tarballs with the references between those files.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { parse } from "yaml";
import { repositoryRoot } from "./layout.mjs";

/** The branch whose folders the packages' `homepage` links show on the repository's web page. */
export const DEFAULT_BRANCH = "main";

/** @typedef {Record<string, any>} Manifest a package.json: untyped JSON, read field by field */
/**
 * A source map, or an index map with `sections`.
 * @typedef {{ sourceRoot?: string, sources?: (string | null)[], sections?: { map?: SourceMap }[] }} SourceMap
 */

/**
 * @param {string} dir
 * @returns {Manifest}
 */
const readManifest = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

/** The workspace packages that are not private: [{ dir (relative, with "/"), manifest }]. */
export function listPublishedPackages(root = repositoryRoot) {
  /** @type {{ packages: string[] }} */
  const { packages: patterns } = parse(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8"));
  const dirs = patterns.flatMap((pattern) => {
    if (pattern.endsWith("/*") && !/[*?[\]{}!]/.test(pattern.slice(0, -2))) {
      const parent = pattern.slice(0, -2);
      const entries = readdirSync(join(root, parent), { withFileTypes: true });
      return entries.filter((entry) => entry.isDirectory()).map((entry) => `${parent}/${entry.name}`);
    }
    if (/[*?[\]{}!]/.test(pattern)) throw new Error(`pnpm-workspace.yaml: pattern "${pattern}" is not read here`);
    return [pattern];
  });
  return dirs
    .filter((dir) => existsSync(join(root, dir, "package.json")))
    .map((dir) => ({ dir, manifest: readManifest(join(root, dir)) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/**
 * The repository's web address, from the root's `repository.url` (git+https://host/owner/name.git).
 * @param {Manifest} rootManifest
 * @returns {string}
 */
export function repositoryWebUrl(rootManifest) {
  return rootManifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
}

/**
 * The `repository`, `homepage` and `bugs` a published package in `dir` must declare.
 * @param {Manifest} rootManifest
 * @param {string} dir
 */
export function expectedRepositoryFields(rootManifest, dir) {
  const web = repositoryWebUrl(rootManifest);
  return {
    repository: { type: "git", url: rootManifest.repository.url, directory: dir },
    homepage: `${web}/tree/${DEFAULT_BRANCH}/${dir}#readme`,
    bugs: rootManifest.bugs,
  };
}

/**
 * Packs the package in `dir` as npm publishes it (the same packing as publint's and attw's) and
 * extracts the tarball. Returns the packed files ({ path: text }, text only for the files that may
 * point at others, else null) and a function that removes the temporary directory.
 * @param {string} dir
 */
export function packPackage(dir) {
  const out = mkdtempSync(join(tmpdir(), "xads-pack-"));
  const remove = () => rmSync(out, { recursive: true, force: true });
  try {
    const pack = spawnSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], {
      cwd: dir,
      encoding: "utf8",
    });
    if (pack.status !== 0) throw new Error(`npm pack in ${dir} failed:\n${pack.stdout}\n${pack.stderr}`);
    const [{ filename }] = JSON.parse(pack.stdout);
    const untar = spawnSync("tar", ["-xzf", join(out, filename), "-C", out], { encoding: "utf8" });
    if (untar.status !== 0) throw new Error(`tar -xzf ${filename} failed:\n${untar.stderr}`);
    /** @type {Map<string, string | null>} */
    const files = new Map();
    /** @param {string} relative */
    const walk = (relative) => {
      for (const entry of readdirSync(join(out, "package", relative), { withFileTypes: true })) {
        const path = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else files.set(path, REFERRING.test(path) ? readFileSync(join(out, "package", path), "utf8") : null);
      }
    };
    walk("");
    return { files, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Files that may hold a sourceMappingURL comment, and source maps. */
const REFERRING = /\.(?:[cm]?js|[cm]?ts|css|map)$/;
const SOURCE_MAPPING_URL = /^\s*(?:\/\/|\/\*)[#@] sourceMappingURL=(\S+?)(?:\s*\*\/)?\s*$/gm;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Every reference of a packed file to another that is not packed: a `sourceMappingURL` comment
 * whose map is missing, and a source map `sources` entry (after `sourceRoot`) whose file is missing,
 * inline maps included. A reference that leaves the package or names a URL counts as missing.
 * `files` is { path: text or null } as packPackage returns it. Returns ["<file>: <problem>"].
 * @param {Map<string, string | null>} files
 */
export function danglingReferences(files) {
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {string} from
   * @param {string} reference
   */
  const resolve = (from, reference) => {
    if (SCHEME.test(reference) || reference.startsWith("/")) return undefined;
    const path = posix.normalize(posix.join(posix.dirname(from), reference));
    return path.startsWith("../") ? undefined : path;
  };
  /**
   * @param {string} where
   * @param {string} from
   * @param {string} text
   */
  const checkMap = (where, from, text) => {
    /** @type {SourceMap} */
    let map;
    try {
      map = JSON.parse(text);
    } catch {
      problems.push(`${where}: not a JSON source map`);
      return;
    }
    const maps = [map, ...(map.sections ?? []).map((section) => section.map ?? {})];
    for (const { sourceRoot = "", sources = [] } of maps) {
      for (const source of sources) {
        if (source === null) continue;
        const path = resolve(from, posix.join(sourceRoot, decodeURI(source)));
        if (!path || !files.has(path)) problems.push(`${where}: source "${source}" is not in the package`);
      }
    }
  };
  for (const [file, text] of files) {
    if (text === null) continue;
    if (file.endsWith(".map")) {
      checkMap(file, file, text);
      continue;
    }
    for (const [, url = ""] of text.matchAll(SOURCE_MAPPING_URL)) {
      const inline = /^data:application\/json;(?:charset=utf-?8;)?base64,(.*)$/i.exec(url);
      if (inline) checkMap(`${file} (inline map)`, file, Buffer.from(inline[1] ?? "", "base64").toString("utf8"));
      else {
        const path = resolve(file, decodeURI(url));
        if (!path || !files.has(path)) problems.push(`${file}: sourceMappingURL "${url}" is not in the package`);
      }
    }
  }
  return problems;
}
