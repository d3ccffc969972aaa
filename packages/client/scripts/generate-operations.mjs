// Generates src/generated/operations/<document>.ts: one `export const` per operation of each served
// document, named by its operationId, holding its document, method and path (what `call` in
// src/operations.ts dispatches on), with a JSDoc block from the spec (summary, the description's first
// paragraph, the x-rules, the provider's reference and ours). Plain constants in side-effect-free
// modules, so a bundle keeps only the operations it imports. Reads the spec only through the spec
// model; never edit the output: run `pnpm generate` (turbo runs it before `build` and `typecheck`).
//
// The docs site's anchors are read by path (the site is an app, not a dependency); turbo.json lists
// the file as an input of this task.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { operationLink } from "../../../apps/docs/src/anchors.mjs";

/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("@xads/spec/lib/model.mjs").SpecDocument} SpecDocument */

const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated/operations");

/** Names src/operations.ts exports itself, which an operation may not take. */
const RESERVED_NAMES = new Set(["call", "NamedOperation", "OperationInit", "OperationResult", "DocumentName"]);

/** ECMAScript reserved words, which an `export const` may not be named. */
const KEYWORDS = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false " +
    "finally for function if implements import in instanceof interface let new null package private " +
    "protected public return static super switch this throw true try typeof var void while with yield"
  ).split(" "),
);

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`operations: ${message}`);
}

/**
 * Text for a JSDoc block: no comment terminator, trimmed lines.
 * @param {string} text
 */
function docText(text) {
  return text.replaceAll("*/", "*\\/").trim();
}

/**
 * The first paragraph of a description (up to its first blank line).
 * @param {string} description
 */
function firstParagraph(description) {
  return description.trim().split(/\n\s*\n/)[0] ?? "";
}

/**
 * The JSDoc block of an operation.
 * @param {Operation} op
 */
function jsdoc(op) {
  /** @type {string[]} */
  const lines = [];
  const push = (/** @type {string} */ text) => lines.push(...docText(text).split("\n"));
  push(op.summary || `${op.method.toUpperCase()} ${op.path}`);
  const description = firstParagraph(catalogue.operation(op.id).description);
  if (description && description !== op.summary) {
    lines.push("");
    push(description);
  }
  lines.push("", `\`${op.method.toUpperCase()} ${op.path}\` (${op.document})`);
  if (op.rules.length > 0) {
    lines.push("", "Rules (x-rules):");
    for (const rule of op.rules) {
      const id = typeof rule.id === "string" ? rule.id : String(rule.kind);
      const text = typeof rule.description === "string" ? rule.description : "";
      push(`- \`${id}\`${text ? `: ${text}` : ""}`);
    }
  }
  if (op.deprecated) lines.push("", "@deprecated The document marks this operation deprecated.");
  lines.push("");
  if (op.externalDocs?.url) {
    const label = op.externalDocs.description ? ` ${docText(op.externalDocs.description)}` : "";
    lines.push(`@see {@link ${op.externalDocs.url}${label}} (the provider's reference)`);
  }
  lines.push(`@see reference: ${operationLink(op.document, op)} (this project's reference site)`);
  return ["/**", ...lines.map((line) => (line ? ` * ${line}` : " *")), " */"].join("\n");
}

/**
 * The module of one document.
 * @param {SpecDocument} document
 * @param {Operation[]} operations
 */
function moduleOf(document, operations) {
  const header =
    `// Generated from spec/dist/${basename(document.bundlePath)} by ` +
    "packages/client/scripts/generate-operations.mjs. Do not edit: run `pnpm generate`.\n" +
    `// The operations of ${document.title} (${operations.length}), for \`call\` in @xads/client/operations.\n`;
  const constants = operations.map((op) => {
    const fields = { id: op.id, document: op.document, method: op.method, path: op.path };
    const value = `{ ${Object.entries(fields)
      .map(([key, text]) => `${key}: ${JSON.stringify(text)}`)
      .join(", ")} }`;
    return `${jsdoc(op)}\nexport const ${op.id} = ${value} as const;\n`;
  });
  return `${header}\n${constants.join("\n")}`;
}

const spec = loadSpec();
const catalogue = loadCatalogue(spec);
/** @type {Set<string>} */
const names = new Set();
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
/** @type {string[]} */
const modules = [];
for (const document of spec.served("api")) {
  const operations = document.operations();
  for (const op of operations) {
    if (!/^[A-Za-z_$][\w$]*$/.test(op.id) || KEYWORDS.has(op.id)) fail(`${op.id} is no JavaScript name`);
    if (RESERVED_NAMES.has(op.id)) fail(`${op.id} is a name src/operations.ts exports itself`);
    if (names.has(op.id)) fail(`two operations are named ${op.id}`);
    names.add(op.id);
  }
  writeFileSync(join(outDir, `${document.name}.ts`), moduleOf(document, operations));
  modules.push(document.name);
  console.log(`operations: src/generated/operations/${document.name}.ts (${operations.length})`);
}
const index =
  "// Generated by packages/client/scripts/generate-operations.mjs. Do not edit: run `pnpm generate`.\n" +
  "// Every served document's operations; src/operations.ts re-exports them.\n\n" +
  modules.map((name) => `export * from "./${name}.js";\n`).join("");
writeFileSync(join(outDir, "index.ts"), index);
