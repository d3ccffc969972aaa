// Guards against import circles inside each workspace package's src/. A circle ties two layers that
// should stack: the lower one cannot be read, tested or moved without the higher one, and at run time
// a module's evaluation order depends on which side is imported first. Type-only imports count too (a
// type a lower module borrows from a higher one is the same knot, and moving it down is cheap); only
// dynamic `import()`, which loads on demand, does not. Before the workspace, the fixture's known
// circles are checked, so the guard shows in every run that it can fail.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sourceFile = /\.(?:[cm]?ts|tsx|[cm]?js)$/;
const declarationFile = /\.d\.[cm]?ts$/;

/**
 * The static imports and re-exports of one module with a relative specifier, each marked when it
 * binds types only (`import type`, `export type`, or every name marked `type`).
 * @param {string} text
 * @param {string} name
 * @returns {Array<{ specifier: string; typeOnly: boolean }>}
 */
export function relativeImports(text, name) {
  const parsed = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false);
  /** @type {Array<{ specifier: string; typeOnly: boolean }>} */
  const imports = [];
  for (const statement of parsed.statements) {
    if (ts.isImportDeclaration(statement)) {
      imports.push({
        specifier: specifierText(statement.moduleSpecifier),
        typeOnly: !bindsValue(statement.importClause),
      });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      imports.push({ specifier: specifierText(statement.moduleSpecifier), typeOnly: !exportsValue(statement) });
    }
  }
  return imports.filter((entry) => entry.specifier.startsWith("."));
}

/** @param {ts.ImportClause | undefined} clause */
function bindsValue(clause) {
  if (!clause) return true; // `import "./x.js"`: loaded for its side effects
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
}

/** @param {ts.ExportDeclaration} statement */
function exportsValue(statement) {
  if (statement.isTypeOnly) return false;
  const clause = statement.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return true;
  return clause.elements.length === 0 || clause.elements.some((element) => !element.isTypeOnly);
}

/** @param {ts.Expression} specifier */
function specifierText(specifier) {
  return ts.isStringLiteral(specifier) ? specifier.text : "";
}

/**
 * The file a relative specifier names, as TypeScript's NodeNext resolution finds it: `./x.js` is
 * `./x.ts` when that exists.
 * @param {string} from
 * @param {string} specifier
 * @returns {string | undefined}
 */
function resolveSpecifier(from, specifier) {
  const target = resolve(dirname(from), specifier);
  const candidates = [target];
  if (/\.js$/.test(target)) candidates.unshift(target.replace(/\.js$/, ".ts"), target.replace(/\.js$/, ".tsx"));
  if (/\.mjs$/.test(target)) candidates.unshift(target.replace(/\.mjs$/, ".mts"));
  if (/\.cjs$/.test(target)) candidates.unshift(target.replace(/\.cjs$/, ".cts"));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (sourceFile.test(entry.name) && !declarationFile.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/**
 * @typedef {object} Circle
 * @property {string[]} files the circle's files (relative to the src/ folder) in import order, from its
 *   alphabetically first file; the last imports the first
 * @property {boolean[]} typeOnly per file, whether its import of the next one binds types only
 */

/**
 * Every import circle among the modules under `srcDir`: the shortest one through the alphabetically
 * first file of each strongly connected set.
 * @param {string} srcDir
 * @returns {Circle[]}
 */
export function findImportCycles(srcDir) {
  const files = sourceFiles(srcDir);
  const inside = new Set(files);
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  /** Edges that bind types only, as `from\0to`. */
  const typeEdges = new Set();
  for (const file of files) {
    /** @type {Map<string, boolean>} */
    const targets = new Map();
    for (const { specifier, typeOnly } of relativeImports(readFileSync(file, "utf8"), file)) {
      const target = resolveSpecifier(file, specifier);
      if (target === undefined || !inside.has(target)) continue;
      targets.set(target, (targets.get(target) ?? true) && typeOnly);
    }
    edges.set(file, [...targets.keys()].sort());
    for (const [target, typeOnly] of targets) if (typeOnly) typeEdges.add(`${file}\0${target}`);
  }
  return stronglyConnected(files, edges)
    .filter((set) => set.length > 1 || (edges.get(set[0] ?? "") ?? []).includes(set[0] ?? ""))
    .map((set) => {
      const circle = shortestCircle(set, edges);
      return {
        files: circle.map((file) => relative(srcDir, file)),
        typeOnly: circle.map((file, i) => typeEdges.has(`${file}\0${circle[(i + 1) % circle.length]}`)),
      };
    })
    .sort((a, b) => (a.files[0] ?? "").localeCompare(b.files[0] ?? ""));
}

/**
 * A circle as one line: `a.ts → b.ts ⇢ a.ts`, a dashed arrow for an import of types only.
 * @param {Circle} circle
 */
export function describeCircle(circle) {
  return [...circle.files.map((file, i) => `${file} ${circle.typeOnly[i] ? "⇢" : "→"}`), circle.files[0]].join(" ");
}

/**
 * Tarjan's algorithm, iterative so that a deep chain cannot overflow the stack.
 * @param {string[]} nodes
 * @param {Map<string, string[]>} edges
 * @returns {string[][]}
 */
function stronglyConnected(nodes, edges) {
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const sets = [];
  for (const start of nodes) {
    if (index.has(start)) continue;
    /** @type {Array<{ node: string; next: number }>} */
    const work = [{ node: start, next: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start) ?? 0);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = /** @type {{ node: string; next: number }} */ (work[work.length - 1]);
      const targets = edges.get(frame.node) ?? [];
      const target = targets[frame.next++];
      if (target !== undefined) {
        if (!index.has(target)) {
          index.set(target, index.size);
          low.set(target, index.get(target) ?? 0);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        /** @type {string[]} */
        const set = [];
        let member;
        do {
          member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          set.push(member);
        } while (member !== frame.node);
        sets.push(set.sort());
      }
    }
  }
  return sets;
}

/**
 * The shortest path from the set's first file back to itself, within the set.
 * @param {string[]} set
 * @param {Map<string, string[]>} edges
 * @returns {string[]}
 */
function shortestCircle(set, edges) {
  const start = /** @type {string} */ (set[0]);
  const members = new Set(set);
  /** @type {Map<string, string>} */
  const cameFrom = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = /** @type {string} */ (queue[head]);
    for (const target of edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(/** @type {string} */ (cameFrom.get(/** @type {string} */ (path[0]))));
        return path;
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return set;
}

/**
 * The src/ folders of the workspace's packages (pnpm-workspace.yaml's globs: a folder or `folder/*`).
 * @param {string} workspaceRoot
 * @returns {string[]}
 */
export function workspaceSourceDirs(workspaceRoot) {
  const manifest = readFileSync(join(workspaceRoot, "pnpm-workspace.yaml"), "utf8");
  const globs = [...manifest.matchAll(/^\s+-\s+["']?([^"'\s]+)["']?\s*$/gm)]
    .map((match) => match[1] ?? "")
    .filter((glob) => /^[\w./-]+(?:\/\*)?$/.test(glob));
  const packages = globs.flatMap((glob) => {
    if (!glob.endsWith("/*")) return [join(workspaceRoot, glob)];
    const parent = join(workspaceRoot, glob.slice(0, -2));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(parent, entry.name));
  });
  return packages
    .filter((dir) => existsSync(join(dir, "package.json")) && existsSync(join(dir, "src")))
    .map((dir) => join(dir, "src"))
    .sort();
}

/** The fixture's known circles, one through values and one through types only. */
const fixtureDir = join(root, "scripts/fixtures/import-cycle/src");
const fixtureCircles = ["type-a.ts ⇢ type-b.ts ⇢ type-a.ts", "value-a.ts → value-b.ts → value-a.ts"];

function main() {
  const found = findImportCycles(fixtureDir).map(describeCircle);
  if (JSON.stringify(found) !== JSON.stringify(fixtureCircles)) {
    console.error(
      `import cycles: the checker is broken: in ${relative(root, fixtureDir)} it found ${JSON.stringify(found)}, ` +
        `expected ${JSON.stringify(fixtureCircles)}`,
    );
    process.exit(1);
  }
  const dirs = workspaceSourceDirs(root);
  const problems = dirs.flatMap((dir) =>
    findImportCycles(dir).map((circle) => `${relative(root, dir)}: ${describeCircle(circle)}`),
  );
  if (problems.length > 0) {
    console.error("import cycles (⇢ imports types only): move what both sides need into a module both import");
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`import cycles: none in the src/ of ${dirs.length} packages`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
