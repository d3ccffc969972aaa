// For the rules' tests: writes a small document tree to a temporary folder and lints it with the
// Redocly CLI, the plugin and the rules asked for, as `redocly lint` does in spec/.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
const plugin = fileURLToPath(new URL("./xads.mjs", import.meta.url));

/** The start of a root document; its `paths:` key is on line 3, the first path on line 4. */
export const ROOT = 'openapi: 3.1.0\ninfo: {title: Fixture, version: "1"}\npaths:\n';

/**
 * A problem Redocly reported: its rule (`xads/<rule>`), file, line and column, and message.
 * @typedef {{ rule: string, file: string, line: number, col: number, message: string }} Problem
 */

/**
 * An operation file's text: operationId on line 1.
 * @param {string} id
 * @param {string} [extra] lines between the operationId and the responses
 */
export function operation(id, extra = "") {
  return `operationId: ${id}\n${extra}responses:\n  "200": {description: ok}\n`;
}

/** Undoes the escapes of the github-actions format. */
const decode = (/** @type {string} */ text) =>
  text.replaceAll("%0A", "\n").replaceAll("%0D", "\r").replaceAll("%25", "%");

/**
 * Lints `targets` (root files or api names) of the tree `files` (path -> text) with the xads plugin and
 * `rules` (names under xads/) at error, on top of Redocly's minimal ruleset, in one CLI run.
 * @param {Record<string, string>} files
 * @param {{ rules: string[], targets?: string[], apis?: Record<string, string>, configured?: Record<string, unknown> }} options
 *   `apis`: the `apis` block of redocly.yaml (name -> root), when the targets are api names;
 *   `configured`: configurable rules (`rule/<name>` -> its definition), as redocly.yaml declares them
 * @returns {Problem[]}
 */
export function lintFixture(files, { rules, targets = ["openapi.yaml"], apis = undefined, configured = {} }) {
  const dir = mkdtempSync(join(tmpdir(), "xads-plugin-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const config = [
      "extends: [minimal]",
      `plugins: [${JSON.stringify(plugin)}]`,
      "rules:",
      ...rules.map((rule) => `  xads/${rule}: error`),
      ...Object.entries(configured).map(([rule, definition]) => `  ${rule}: ${JSON.stringify(definition)}`),
      ...(apis ? ["apis:", ...Object.entries(apis).map(([name, root]) => `  ${name}: {root: ${root}}`)] : []),
    ];
    writeFileSync(join(dir, "redocly.yaml"), `${config.join("\n")}\n`);
    const run = spawnSync(process.execPath, [cli, "lint", ...targets, "--format", "github-actions"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    if (run.status !== 0 && !run.stdout.includes("::")) throw new Error(`redocly lint failed:\n${run.stderr}`);
    // Every group of the pattern takes part in a match: the `= ""` defaults never apply.
    return run.stdout
      .split("\n")
      .map((line) => /^::(\w+) title=([^,]*),file=([^,]*),line=(\d+),col=(\d+)[^:]*::(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, , rule = "", file = "", line, col, message = ""]) => ({
        rule,
        file: decode(file),
        line: Number(line),
        col: Number(col),
        message: decode(message),
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Several independent trees (name -> files, each with its root at openapi.yaml) linted in one CLI run,
 * which is most of a test's time: name -> its problems, files relative to its own folder. Computed
 * once, on first use.
 * @template {string} C
 * @param {Record<C, Record<string, string>>} cases
 * @param {{ rules: string[] }} options
 * @returns {(name: C) => Problem[]}
 */
export function lintCases(cases, { rules }) {
  /** @type {Record<string, Problem[]> | undefined} */
  let results;
  return (name) => {
    results ??= (() => {
      const files = Object.fromEntries(
        Object.entries(cases).flatMap(([c, tree]) =>
          Object.entries(tree).map(([path, text]) => [`${c}/${path}`, text]),
        ),
      );
      const problems = lintFixture(files, { rules, targets: Object.keys(cases).map((c) => `${c}/openapi.yaml`) });
      return Object.fromEntries(
        Object.keys(cases).map((c) => [
          c,
          problems.filter((p) => p.file.startsWith(`${c}/`)).map((p) => ({ ...p, file: p.file.slice(c.length + 1) })),
        ]),
      );
    })();
    const problems = results[name];
    if (!problems) throw new Error(`lintCases: no case ${name}`);
    return problems;
  };
}

/**
 * The problems of one rule, as `file:line message`, by file and line, for short assertions.
 * @param {Problem[]} problems
 * @param {string} rule its name under xads/
 */
export function reported(problems, rule) {
  return problems
    .filter((p) => p.rule === `xads/${rule}`)
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col)
    .map((p) => `${p.file}:${p.line} ${p.message}`);
}
