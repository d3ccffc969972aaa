// The `apis` block of redocly.yaml, generated from documents.json (the one registry of documents):
// each document twice, its source (linted before bundling, bundled to its `bundle`) and its bundle
// (linted after), with the document's own rules. `node scripts/registry.mjs` rewrites the block;
// lint.mjs fails when the committed block differs.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { specDir } from "../lib/model.mjs";

/** Rules every document of a role gets, with why. */
const ROLE_RULES = {
  events: {
    comment: "A catalogue of event schemas: the components are its content, not parts of operations.",
    rules: { "no-unused-components": "off" },
  },
};

/**
 * An entry of documents.json, as this script reads it.
 * @typedef {{ name: string, role: string, root: string, bundle: string, lint?: Record<string, string> }} RegistryEntry
 */

const BEGIN = "# BEGIN apis";
const END = "# END apis";

/**
 * @param {RegistryEntry[]} documents
 * @returns {string}
 */
export function apisBlock(documents) {
  const lines = [BEGIN, "# Generated from documents.json by scripts/registry.mjs; do not edit by hand.", "apis:"];
  for (const document of documents) {
    const byRole = ROLE_RULES[/** @type {keyof typeof ROLE_RULES} */ (document.role)];
    const rules = { ...(byRole?.rules ?? {}), ...(document.lint ?? {}) };
    const ruleLines = Object.entries(rules).map(([rule, severity]) => `      ${rule}: ${severity}`);
    const ruleBlock =
      ruleLines.length > 0 ? ["    rules:", ...(byRole ? [`      # ${byRole.comment}`] : []), ...ruleLines] : [];
    lines.push(`  ${document.name}:`, `    root: ${document.root}`, `    output: ${document.bundle}`, ...ruleBlock);
    lines.push(`  ${document.name}-bundle:`, `    root: ${document.bundle}`, ...ruleBlock);
  }
  lines.push(END);
  return lines.join("\n");
}

/**
 * redocly.yaml with its apis block replaced by the one documents.json gives.
 * @param {string} config the text of redocly.yaml
 * @param {RegistryEntry[]} documents
 */
export function withApis(config, documents) {
  const start = config.indexOf(BEGIN);
  const end = config.indexOf(END);
  if (start < 0 || end < start) throw new Error(`redocly.yaml has no "${BEGIN}" ... "${END}" block`);
  return `${config.slice(0, start)}${apisBlock(documents)}${config.slice(end + END.length)}`;
}

const configPath = join(specDir, "redocly.yaml");
const registryPath = join(specDir, "documents.json");

/** Problems when redocly.yaml's apis block is not the one documents.json gives. */
export function checkRegistry(dir = specDir) {
  const config = readFileSync(join(dir, "redocly.yaml"), "utf8");
  const documents = JSON.parse(readFileSync(join(dir, "documents.json"), "utf8"));
  return withApis(config, documents) === config
    ? []
    : ["the apis block of redocly.yaml differs from documents.json: run `node scripts/registry.mjs` in spec/"];
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const config = readFileSync(configPath, "utf8");
  writeFileSync(configPath, withApis(config, JSON.parse(readFileSync(registryPath, "utf8"))));
  console.log("registry: wrote the apis block of redocly.yaml from documents.json");
}
