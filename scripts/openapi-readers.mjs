// Keeps the spec model and its operation catalogue (spec/lib/) the one reader of OpenAPI structure:
// finds the files outside spec/ that walk raw OpenAPI themselves and fails for any that the allow-list
// below does not name with its reason. ARCHITECTURE.md's "Readers that still read OpenAPI structure
// themselves" must name the same paths.
//
// What counts as walking raw OpenAPI, read from each file's syntax tree (TypeScript's parser):
// - a value import of a bundle walker: `resolve`, `branchesOf`, `schemasAt`, `listOperations`,
//   `requestBodySchema` of spec/lib/operations.mjs (or the whole module, or a dynamic import of it),
//   or `operationsOf` of spec/lib/model.mjs (the model of a bundle the file holds itself);
// - a read through the model's `raw` node (`operation.raw.description`, `parameter.raw["x-..."]`);
// - a read of a member only OpenAPI and JSON Schema have: `$ref`, `allOf`, `oneOf`, `anyOf`,
//   `webhooks`, `securitySchemes`, `x-known-values`;
// - a walk of `paths` or `components`: a member or index read on them (`bundle.components.schemas`,
//   `copy.paths[path]`), or either handed to `Object.entries`, `keys` or `values`. Reading the bare word
//   is not enough: a card's `components` is data.
// Handing a whole bundle to a tool that reads OpenAPI itself (Prism, openapi-typescript, Ajv) is not a
// walk. Not scanned: spec/ (the reader itself) and test code, which reads the bundles on purpose as a
// second, independent reading of what the model and the generators say: folders named test, tests,
// __tests__ or fixtures, files named *.test.*, *.test-d.ts or *.bench.*, and the packages that are
// suites (their package.json scripts are only test, typecheck, bench or lint). Destructuring
// (`const { paths } = bundle`) escapes the count: a reviewer's eye covers that.
// Before the workspace, the fixture's known readers are checked, so every run shows the guard can fail.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The files allowed to read OpenAPI structure, each with its reason; a path ending in `/` allows a folder.
 * @type {Array<{ path: string, reason: string }>}
 */
export const ALLOWED = [
  {
    path: "tools/release/src/",
    reason: "the breaking-change gate compares two versions of a bundle structurally, which is what it is for",
  },
  {
    path: "apps/docs/src/",
    reason:
      "the reference site renders OpenAPI as OpenAPI: Redoc takes an enriched deep copy of each bundle, the events document's webhooks and the emulator's controls description are read as written",
  },
  {
    path: "packages/validator/scripts/compile/",
    reason:
      "the validator's schema compiler compiles JSON Schema into functions, which is what it is for: it follows $ref and combines allOf, anyOf and oneOf; the rest of its generator reads the catalogue",
  },
];

const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const TEST_FILE = /\.(?:test|test-d|bench)\.[^.]+$/;
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", "generated", "test-results", "coverage", "results"]);
const TEST_FOLDERS = new Set(["test", "tests", "__tests__", "fixtures"]);
const SUITE_SCRIPTS = new Set(["test", "typecheck", "bench", "lint"]);
const WALKERS = {
  "spec/lib/operations.mjs": new Set(["resolve", "branchesOf", "schemasAt", "listOperations", "requestBodySchema"]),
  "spec/lib/model.mjs": new Set(["operationsOf"]),
};
const OPENAPI_MEMBERS = new Set(["$ref", "allOf", "oneOf", "anyOf", "webhooks", "securitySchemes", "x-known-values"]);
const DOCUMENT_MAPS = new Set(["paths", "components"]);

/**
 * The walker module a specifier names (`@xads/spec/lib/operations.mjs`, `../../spec/lib/model.mjs`).
 * @param {string} specifier
 * @returns {keyof typeof WALKERS | undefined}
 */
function walkerModule(specifier) {
  return /** @type {Array<keyof typeof WALKERS>} */ (Object.keys(WALKERS)).find((module) => specifier.endsWith(module));
}

/** @param {ts.Node} node */
const memberName = (node) => {
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return node.argumentExpression.text;
  return undefined;
};

/**
 * `x ?? {}`, `(x)`, `x || {}`: the x.
 * @param {ts.Expression} node
 * @returns {ts.Expression}
 */
function withoutFallback(node) {
  if (ts.isParenthesizedExpression(node)) return withoutFallback(node.expression);
  const binary = ts.isBinaryExpression(node) ? node : undefined;
  const fallback = binary?.operatorToken.kind;
  if (binary && (fallback === ts.SyntaxKind.QuestionQuestionToken || fallback === ts.SyntaxKind.BarBarToken))
    return withoutFallback(binary.left);
  return node;
}

/**
 * Whether a read of `paths` or `components` is walked: read into, or handed to Object.entries/keys/values.
 * @param {ts.Expression} access
 */
function isWalked(access) {
  const parent = access.parent;
  if ((ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === access)
    return true;
  let outer = /** @type {ts.Node} */ (access);
  while (
    (ts.isParenthesizedExpression(outer.parent) || ts.isBinaryExpression(outer.parent)) &&
    withoutFallback(/** @type {ts.Expression} */ (outer.parent)) === access
  )
    outer = outer.parent;
  const call = outer.parent;
  return (
    ts.isCallExpression(call) &&
    call.arguments[0] === outer &&
    /^Object\.(entries|keys|values)$/.test(call.expression.getText())
  );
}

/**
 * Why a module walks raw OpenAPI: one line per kind of evidence, empty when it does not.
 * @param {string} text
 * @param {string} name the file name (its extension picks the parser's dialect)
 * @returns {string[]}
 */
export function openApiEvidence(text, name) {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  /** @type {Set<string>} */
  const found = new Set();
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const module = walkerModule(node.moduleSpecifier.text);
      const clause = node.importClause;
      if (module && clause && !clause.isTypeOnly) {
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) found.add(`imports all of ${module}`);
        for (const element of bindings && ts.isNamedImports(bindings) ? bindings.elements : []) {
          const imported = (element.propertyName ?? element.name).text;
          if (!element.isTypeOnly && WALKERS[module].has(imported)) found.add(`imports ${imported} from ${module}`);
        }
      }
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const module = walkerModule(node.arguments[0].text);
      if (module) found.add(`imports ${module} dynamically`);
    }
    const member = memberName(node);
    if (member !== undefined) {
      const access = /** @type {ts.PropertyAccessExpression | ts.ElementAccessExpression} */ (node);
      if (OPENAPI_MEMBERS.has(member)) found.add(`reads ${member}`);
      if (memberName(access.expression) === "raw") found.add("reads through a model node's raw");
      if (DOCUMENT_MAPS.has(member) && isWalked(access)) found.add(`walks ${member}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].sort();
}

/**
 * Whether a folder is a package that is a suite: it has scripts, and all are test, typecheck, bench or lint.
 * @param {string} dir
 */
function isSuite(dir) {
  const manifest = join(dir, "package.json");
  if (!existsSync(manifest)) return false;
  const scripts = Object.keys(JSON.parse(readFileSync(manifest, "utf8")).scripts ?? {});
  return scripts.length > 0 && scripts.every((script) => SUITE_SCRIPTS.has(script));
}

/**
 * The source files to scan under `top`: not in spec/, not test code, not built or installed.
 * @param {string} top
 * @param {string} [dir]
 * @returns {string[]}
 */
function scannedFiles(top, dir = top) {
  if (dir !== top && isSuite(dir)) return [];
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const skipped = entry.name.startsWith(".") || SKIPPED_FOLDERS.has(entry.name) || TEST_FOLDERS.has(entry.name);
      if (!skipped && relative(top, path) !== "spec") files.push(...scannedFiles(top, path));
    } else if (SOURCE.test(entry.name) && !DECLARATION.test(entry.name) && !TEST_FILE.test(entry.name)) {
      files.push(path);
    }
  }
  return files.sort();
}

/**
 * Every scanned file under `top` that walks raw OpenAPI, with its evidence; paths relative to `top`,
 * with forward slashes.
 * @param {string} top
 * @returns {Array<{ file: string, evidence: string[] }>}
 */
export function findOpenApiReaders(top) {
  return scannedFiles(top).flatMap((path) => {
    const evidence = openApiEvidence(readFileSync(path, "utf8"), path);
    return evidence.length > 0 ? [{ file: relative(top, path).split(sep).join("/"), evidence }] : [];
  });
}

/**
 * @param {string} file
 * @param {string} allowed a file, or a folder ending in `/`
 */
const allows = (file, allowed) => (allowed.endsWith("/") ? file.startsWith(allowed) : file === allowed);

/**
 * The readers no entry allows, and the entries that allow no reader (stale: the file moved to the
 * catalogue, or went away).
 * @param {Array<{ file: string, evidence: string[] }>} readers
 * @param {string[]} allowed
 */
export function compareWithAllowed(readers, allowed) {
  return {
    unlisted: readers.filter((r) => !allowed.some((path) => allows(r.file, path))),
    stale: allowed.filter((path) => !readers.some((r) => allows(r.file, path))),
  };
}

/**
 * The backticked paths of ARCHITECTURE.md's readers section, one per bullet.
 * @param {string} markdown
 */
export function documentedReaders(markdown) {
  const start = markdown.indexOf("Readers that still read OpenAPI structure themselves");
  if (start === -1) return [];
  const rest = markdown.slice(start);
  const end = rest.search(/\n#{1,6} /);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? "");
}

/** The fixture's known readers (scripts/fixtures/openapi-readers) with `allowed.mjs` allowed. */
const fixtureDir = join(root, "scripts/fixtures/openapi-readers");
const fixtureAllowed = ["packages/generator/scripts/allowed.mjs"];
const fixtureReaders = [
  "packages/generator/scripts/imports-walker.mjs: imports resolve from spec/lib/operations.mjs",
  "packages/generator/scripts/reads-raw.ts: reads through a model node's raw",
  "packages/generator/scripts/walks-structure.mjs: reads allOf, walks components, walks paths",
];

function main() {
  const { unlisted: fixtureFound } = compareWithAllowed(findOpenApiReaders(fixtureDir), fixtureAllowed);
  const found = fixtureFound.map((r) => `${r.file}: ${r.evidence.join(", ")}`);
  if (JSON.stringify(found) !== JSON.stringify(fixtureReaders)) {
    console.error(
      `OpenAPI readers: the checker is broken: in ${relative(root, fixtureDir)} it found ${JSON.stringify(found)}, ` +
        `expected ${JSON.stringify(fixtureReaders)}`,
    );
    process.exit(1);
  }
  const readers = findOpenApiReaders(root);
  const allowed = ALLOWED.map((entry) => entry.path);
  const { unlisted, stale } = compareWithAllowed(readers, allowed);
  const documented = documentedReaders(readFileSync(join(root, "ARCHITECTURE.md"), "utf8"));
  const problems = [
    ...unlisted.map((r) => `${r.file} walks raw OpenAPI (${r.evidence.join(", ")}): read the catalogue instead`),
    ...stale.map((path) => `${path} is allowed but reads no OpenAPI structure any more: drop it from the list`),
  ];
  if (JSON.stringify([...documented].sort()) !== JSON.stringify([...allowed].sort()))
    problems.push(
      `ARCHITECTURE.md's readers section names ${JSON.stringify(documented)}, the allow-list ${JSON.stringify(allowed)}`,
    );
  if (problems.length > 0) {
    console.error(
      "OpenAPI readers (spec/lib/catalogue.mjs answers what an operation does; scripts/openapi-readers.mjs):",
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`OpenAPI readers: ${readers.length} files outside spec/, all allowed (${allowed.length} entries)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
