// What the registry generates into committed files: x-rules.schema.json, and the kinds tables of
// spec/README.md and packages/validator/README.md (between `<!-- BEGIN x-rules kinds ... -->` and
// `<!-- END x-rules kinds -->`). scripts/x-rules-schema.mjs writes them; the lint step fails when a
// committed one differs (checkGenerated).
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** @typedef {import("./registry.mjs").Registry} Registry */
/** @typedef {import("./registry.mjs").RuleKind} RuleKind */

const LINE_WIDTH = 120;

/**
 * JSON as Biome formats it (lineWidth 120): a value on one line when it fits, else one entry a line.
 * @param {unknown} value
 * @param {number} indent of the line the value starts on
 * @param {number} used characters before the value on its line
 * @param {number} after characters after it on its line (a comma)
 * @returns {string}
 */
function printJson(value, indent = 0, used = 0, after = 0) {
  const flat = inlineJson(value);
  if (used + flat.length + after <= LINE_WIDTH || value === null || typeof value !== "object") return flat;
  const pad = " ".repeat(indent + 2);
  const entries = Array.isArray(value)
    ? value.map((item, index) => `${pad}${printJson(item, indent + 2, pad.length, index < value.length - 1 ? 1 : 0)}`)
    : Object.entries(value).map(([key, item], index, all) => {
        const head = `${pad}${JSON.stringify(key)}: `;
        return `${head}${printJson(item, indent + 2, head.length, index < all.length - 1 ? 1 : 0)}`;
      });
  if (entries.length === 0) return flat;
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${entries.join(",\n")}\n${" ".repeat(indent)}${close}`;
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function inlineJson(value) {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(", ")}]`;
  if (value && typeof value === "object") {
    /** @type {string[]} */
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inlineJson(item)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

/**
 * The text of x-rules.schema.json.
 * @param {Registry} registry
 */
export function schemaText(registry) {
  return `${printJson(registry.schema())}\n`;
}

/**
 * A Markdown table with its columns padded, as Prettier writes it.
 * @param {string[]} header
 * @param {string[][]} rows
 */
function table(header, rows) {
  const widths = header.map((cell, column) => Math.max(3, cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  /** @param {string[]} cells */
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

/**
 * The kinds table of spec/README.md.
 * @param {Registry} registry
 */
export function specTable(registry) {
  return table(
    ["kind", "fields", "meaning", "usual error"],
    registry.kinds.map((kind) => [`\`${kind.name}\``, kind.readme.fields, kind.readme.meaning, kind.readme.error]),
  );
}

/**
 * The kinds table of packages/validator/README.md.
 * @param {Registry} registry
 */
export function validatorTable(registry) {
  return table(
    ["kind", "holds when"],
    registry.kinds.filter((kind) => kind.runtime).map((kind) => [`\`${kind.name}\``, kind.readme.holds]),
  );
}

const BEGIN =
  "<!-- BEGIN x-rules kinds: generated from spec/rules/kinds/ by `node scripts/x-rules-schema.mjs` in spec/ -->";
const END = "<!-- END x-rules kinds -->";

/**
 * `text` with the block between the markers replaced by `block`.
 * @param {string} text
 * @param {string} block
 * @param {string} file named in the error when the markers are missing
 */
export function withBlock(text, block, file) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no "${BEGIN}" ... "${END}" block`);
  return `${text.slice(0, start)}${BEGIN}\n\n${block}\n\n${text.slice(end)}`;
}

/**
 * Each generated file, relative to the repository root: its path and what it should hold given what
 * it holds now.
 * @param {Registry} registry
 * @returns {Array<{ path: string, expected: (current: string) => string }>}
 */
export function generatedFiles(registry) {
  return [
    { path: "spec/x-rules.schema.json", expected: () => schemaText(registry) },
    { path: "spec/README.md", expected: (current) => withBlock(current, specTable(registry), "spec/README.md") },
    {
      path: "packages/validator/README.md",
      expected: (current) => withBlock(current, validatorTable(registry), "packages/validator/README.md"),
    },
  ];
}

/**
 * Problems when a committed file differs from what the registry gives.
 * @param {Registry} registry
 * @param {string} root the repository root
 * @returns {string[]}
 */
export function checkGenerated(registry, root) {
  return generatedFiles(registry).flatMap(({ path, expected }) => {
    const current = readFileSync(join(root, path), "utf8");
    return expected(current) === current
      ? []
      : [`${path} differs from spec/rules/kinds/: run \`node scripts/x-rules-schema.mjs\` in spec/`];
  });
}
