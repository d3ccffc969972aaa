// Walks the five changes of ARCHITECTURE.md's "Where a change goes" that its `places` column counts (an
// endpoint, a document, an x-rules kind, a state rule, a resource; walk-changes-places.mjs): in a
// throw-away copy of spec/ it makes each change's places, runs the copy's lint and bundle, then asks
// every stage's view of the copy whether it sees the change. The places a stage needs outside the copy
// (TypeScript, other packages' tests) are named with the check that fails without them. Fails when a
// stage misses a change, a named place is no longer kept by hand, or the table's counts differ from
// the walk's. `--keep` leaves the copy in place and prints where.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { changes } from "./walk-changes-places.mjs";

/** @typedef {import("./walk-changes-places.mjs").Views} Views */
/** @typedef {import("./walk-changes-places.mjs").Change} Change */

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TABLE_HEADING = "## Where a change goes";
/** Top-level folders of spec/ the copy leaves out: the copy links node_modules and builds dist. */
const NOT_COPIED = new Set(["node_modules", "dist", ".turbo", "test-results"]);

/**
 * The copy: spec/ (its scripts find their files relative to themselves) and the one file outside it
 * that the x-rules script writes, packages/validator/README.md.
 * @param {string} work
 * @returns {string} the copy's spec/
 */
function copySpec(work) {
  const source = join(root, "spec");
  const copy = join(work, "spec");
  cpSync(source, copy, { recursive: true, filter: (path) => !NOT_COPIED.has(relative(source, path)) });
  symlinkSync(join(source, "node_modules"), join(copy, "node_modules"), "dir");
  mkdirSync(join(work, "packages/validator"), { recursive: true });
  cpSync(join(root, "packages/validator/README.md"), join(work, "packages/validator/README.md"));
  return copy;
}

/**
 * Runs a script of the copy's spec/ there; throws with its output when it fails.
 * @param {string} copy
 * @param {string} script
 */
function runInCopy(copy, script) {
  const run = spawnSync(process.execPath, [script], {
    cwd: copy,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  if (run.status !== 0) throw new Error(`node ${script} failed in the copy of spec/:\n${run.stdout}${run.stderr}`);
}

/**
 * A module's export, or an error that says which view changed under the walk.
 * @param {string} path absolute
 * @param {string} name
 * @returns {Promise<any>}
 */
async function exported(path, name) {
  const module = await import(pathToFileURL(path).href);
  if (typeof module[name] === "undefined")
    throw new Error(`${relative(root, path)} no longer exports ${name}: adapt scripts/walk-changes.mjs to its view`);
  return module[name];
}

/**
 * Every file under `dir` (that `keep` keeps), by its path relative to it.
 * @param {string} dir
 * @param {(path: string) => boolean} [keep]
 * @returns {Map<string, string>}
 */
function filesUnder(dir, keep = () => true) {
  const files = new Map();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/");
    if (entry.isFile() && keep(path)) files.set(path, readFileSync(join(dir, path), "utf8"));
  }
  return files;
}

/** @param {string} kind `max-total-items` -> `maxTotalItemsCheck`, the validator's name of a kind's check */
const checkName = (kind) => `${kind.replace(/-([a-z0-9])/g, (_, letter) => letter.toUpperCase())}Check`;

/**
 * The copy's own files (not node_modules/ and dist/), by their path relative to the repository root.
 * @param {string} work
 */
const copiedFiles = (work) => filesUnder(work, (path) => !/^spec\/(node_modules|dist)(\/|$)/.test(path));

/**
 * Fails unless the walk edited exactly the files it counts (or sets up, or regenerates): every counted
 * place, and nothing else.
 * @param {string} work
 * @param {Map<string, string>} before the copy's files before the edits
 * @param {string[]} expected
 */
function checkEdits(work, before, expected) {
  const edited = [...copiedFiles(work)].filter(([path, text]) => before.get(path) !== text).map(([path]) => path);
  const uncounted = edited.filter((path) => !expected.includes(path));
  if (uncounted.length > 0) throw new Error(`the walk edited files no change counts: ${uncounted.join(", ")}`);
  const regenerated = new Set(changes.flatMap((c) => c.regenerate.flatMap((r) => r.writes)));
  const untouched = expected.filter((path) => !regenerated.has(path) && !edited.includes(path));
  if (untouched.length > 0) throw new Error(`the walk counts places it did not edit: ${untouched.join(", ")}`);
}

/**
 * Each stage's view of the copy, after its bundle.
 * @param {string} copy the copy's spec/
 * @param {string} work a folder for what the views write
 * @returns {Promise<Views>}
 */
async function viewsOf(copy, work) {
  const loadSpec = await exported(join(copy, "lib/model.mjs"), "loadSpec");
  const loadCatalogue = await exported(join(copy, "lib/catalogue.mjs"), "loadCatalogue");
  const registry = await exported(join(copy, "rules/index.mjs"), "registry");
  const describeCatalogue = await exported(join(root, "packages/emulator/scripts/describe.mjs"), "describeCatalogue");
  const validatorScripts = join(root, "packages/validator/scripts/generate-modules.mjs");
  const generateModules = await exported(validatorScripts, "generateModules");
  const stateRuleProblems = await exported(join(copy, "lib/state-rules.mjs"), "stateRuleProblems");
  const readStateRules = await exported(join(copy, "lib/workflows.mjs"), "readStateRules");
  const readWorkflows = await exported(join(copy, "lib/workflows.mjs"), "readWorkflows");
  const workflowFiles = await exported(join(copy, "lib/workflows.mjs"), "workflowFiles");
  const renderRulesTable = await exported(join(root, "packages/emulator/scripts/rules-table.mjs"), "renderRulesTable");

  const spec = loadSpec(copy);
  const catalogue = loadCatalogue(spec);
  const workflowsDir = join(copy, "workflows");
  const rules = readStateRules(workflowsDir);
  const workflows = readWorkflows(workflowFiles(workflowsDir));
  const barrel = readFileSync(join(root, "packages/validator/src/runtime/index.ts"), "utf8");
  let runs = 0;
  return {
    catalogue,
    emulator: describeCatalogue(catalogue),
    validator: {
      generate(name, operationIds, runtimeDir) {
        const operations = catalogue
          .document(name)
          .operations.filter((/** @type {{ id: string }} */ o) => operationIds.includes(o.id));
        const outDir = join(work, `validator-${++runs}`);
        const source = { name, bundle: spec.document(name).bundle(), operations };
        generateModules([source], outDir, { registry, ...(runtimeDir ? { runtimeDir } : {}) });
        return filesUnder(outDir);
      },
      runtimeWith(kind, { exported = true } = {}) {
        const dir = join(work, `runtime-${++runs}`);
        mkdirSync(join(dir, "rules/kinds"), { recursive: true });
        writeFileSync(join(dir, "rules/kinds", `${kind}.ts`), "export const check = () => [];\n");
        const line = `export { check as ${checkName(kind)} } from "./rules/kinds/${kind}.js";\n`;
        writeFileSync(join(dir, "index.ts"), exported ? `${barrel}${line}` : barrel);
        return dir;
      },
    },
    stateRules: {
      problems: (implementations) => stateRuleProblems({ rules, workflows, implementations }),
      table: async (implementations) => renderRulesTable(implementations, { rules, workflows }),
    },
  };
}

/**
 * The `places` of each row of ARCHITECTURE.md's "Where a change goes" table, by its `change` cell.
 * @param {string} markdown
 * @returns {Map<string, string>}
 */
export function placesColumn(markdown) {
  const lines = markdown.split("\n");
  const heading = lines.indexOf(TABLE_HEADING);
  if (heading < 0) throw new Error(`ARCHITECTURE.md has no "${TABLE_HEADING}" section`);
  const first = lines.findIndex((line, index) => index > heading && line.startsWith("|"));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith("|"));
  const rows = lines
    .slice(first, end < 0 ? undefined : end)
    .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
    .map((cells) => cells.slice(1, -1));
  const [header = [], , ...body] = rows;
  const change = header.indexOf("change");
  const places = header.indexOf("places");
  if (change < 0 || places < 0)
    throw new Error(`ARCHITECTURE.md's "${TABLE_HEADING}" table has no change or places column`);
  return new Map(body.map((cells) => [cells[change] ?? "", cells[places] ?? ""]));
}

/**
 * Problems when the table's count of a change differs from the walk's.
 * @param {Map<string, string>} table
 * @param {Array<{ label: string, count: number }>} walked
 */
export function countProblems(table, walked) {
  return walked.flatMap(({ label, count }) => {
    const cell = table.get(label);
    if (cell === undefined) return [`ARCHITECTURE.md's table has no row "${label}"`];
    const stated = /^\d+/.exec(cell)?.[0];
    if (stated === undefined) return [`ARCHITECTURE.md's row "${label}" states no number of places ("${cell}")`];
    return Number(stated) === count
      ? []
      : [`ARCHITECTURE.md says ${label} takes ${stated} places; the walk counts ${count}: make them agree`];
  });
}

/**
 * Shows on every run that the comparison can fail: the table with the first change's count raised by
 * one must be refused, naming that change.
 * @param {string} markdown
 * @param {Array<{ label: string, count: number }>} walked
 */
function checkTheCheck(markdown, walked) {
  const [first] = walked;
  if (!first) return;
  const table = placesColumn(markdown);
  const raised = new Map(table).set(first.label, String(first.count + 1));
  const problems = countProblems(raised, walked);
  if (problems.length !== 1 || !problems[0]?.includes(first.label))
    throw new Error(`the count check accepts a table that says ${first.label} takes ${first.count + 1} places`);
}

/**
 * `step`'s result; its error names the change it was about.
 * @template T
 * @param {Change} change
 * @param {() => T | Promise<T>} step
 * @returns {Promise<T>}
 */
async function about(change, step) {
  try {
    return await step();
  } catch (error) {
    throw new Error(`${change.label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** @param {Change} change the number of its places: those the walk makes and those it names */
const placesOf = (change) => change.made.length + change.named.length;

/**
 * The lines the walk prints for a change it has walked.
 * @param {Change} change
 * @param {string[]} stages
 */
function report(change, stages) {
  const lines = [`walk: ${change.label}: ${placesOf(change)} places, seen by ${stages.join(", ")}`];
  if (change.named.length > 0) {
    lines.push(`  made in the copy: ${change.made.join(", ")}; not made by the walk (TypeScript and tests):`);
    for (const place of change.named)
      lines.push(`  - ${place.file}: ${place.edit}; missing, caught by ${place.caughtBy}`);
  }
  return lines;
}

/** @param {Change} change */
function checkNamedPlaces(change) {
  for (const { file, evidence } of change.named) {
    const text = readFileSync(join(root, evidence.file), "utf8");
    if (!text.includes(evidence.text))
      throw new Error(
        `${evidence.file} no longer holds ${JSON.stringify(evidence.text)}: if ${file} is no longer a place of ${change.label}, drop it from scripts/walk-changes-places.mjs and lower ARCHITECTURE.md's count`,
      );
  }
}

/** Whether @xads/types' facts generator exports a function the walk could call (today it writes when imported). */
function factsViewNote() {
  const file = "packages/types/scripts/generate-facts.mjs";
  const exportsFunction = /^export (async )?function /m.test(readFileSync(join(root, file), "utf8"));
  return exportsFunction
    ? `walk: types: ${file} now exports a function: add its view to scripts/walk-changes.mjs`
    : `walk: types: ${file} exports no function (it writes facts.ts when run), so the walk does not call it`;
}

async function main() {
  const keep = process.argv.includes("--keep");
  const work = mkdtempSync(join(tmpdir(), "xads-walk-"));
  try {
    const copy = copySpec(work);
    const before = copiedFiles(work);
    for (const change of changes) await about(change, () => change.apply(copy));
    const regenerate = changes.flatMap((change) => change.regenerate);
    for (const script of new Set(regenerate.map((r) => r.script))) runInCopy(copy, script);
    checkEdits(work, before, [
      ...changes.flatMap((c) => [...c.made, ...c.setup]),
      ...regenerate.flatMap((r) => r.writes),
    ]);
    runInCopy(copy, "scripts/lint.mjs");
    runInCopy(copy, "scripts/bundle.mjs");
    const views = await viewsOf(copy, work);
    const lines = [];
    for (const change of changes) {
      checkNamedPlaces(change);
      lines.push(...report(change, await about(change, () => change.see(views))));
    }
    lines.push(factsViewNote());
    console.log(lines.join("\n"));
    const markdown = readFileSync(join(root, "ARCHITECTURE.md"), "utf8");
    const walked = changes.map((change) => ({ label: change.label, count: placesOf(change) }));
    checkTheCheck(markdown, walked);
    const problems = countProblems(placesColumn(markdown), walked);
    if (problems.length > 0) throw new Error(problems.join("\n"));
    console.log(`walk: ARCHITECTURE.md's places agree with the walk for the ${changes.length} changes`);
  } finally {
    if (keep) console.log(`walk: the copy is in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`walk: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
