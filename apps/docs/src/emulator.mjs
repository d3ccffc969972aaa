// The emulator page: what @xads/emulator is and how to use it (content/emulator.md), with its state
// rules read from the one list the emulator package keeps, the "State rules" table of
// packages/emulator/README.md, so the site never copies it. The site shows the generated table without
// its `source` column: where a rule came from is for maintainers (spec/README.md convention 12).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { specDir } from "@xads/spec/lib/model.mjs";
import { page } from "./html.mjs";
import { renderContent, renderMarkdown } from "./markdown.mjs";
import { fileOf } from "./pages.mjs";

/** The emulator package's README, the source of the rules table. */
export const emulatorReadme = join(specDir, "../packages/emulator/README.md");

/**
 * The Markdown of the README's state-rules section: from its `### State rules` heading to the next
 * heading of any level, without the heading itself.
 * @param {string} readme
 */
export function stateRulesSection(readme) {
  const match = /^###\s+State rules[^\n]*\n([\s\S]*?)(?=^#{1,3}\s)/m.exec(`${readme}\n# end\n`);
  if (!match?.[1]?.includes("|")) throw new Error(`${emulatorReadme}: no "### State rules" section with a table`);
  return match[1].trim();
}

/** The markers around the generated part of the README's section (packages/emulator/scripts/rules-table.mjs). */
const GENERATED = /<!--\s*state-rules:start[^>]*-->([\s\S]*?)<!--\s*state-rules:end\s*-->/;

/** @param {string} row a Markdown table row, `| a | b \| c |` */
const cellsOf = (row) =>
  row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/);

/**
 * The section as readers see it: only its generated part when it has the markers (the prose around it
 * speaks to the package's maintainers), and its table without the `source` column.
 * @param {string} section the Markdown of stateRulesSection
 */
export function rulesForReaders(section) {
  const generated = GENERATED.exec(section)?.[1]?.trim() ?? section;
  const lines = generated.split("\n");
  const header = lines.find((line) => line.trimStart().startsWith("|"));
  const column = header ? cellsOf(header).findIndex((cell) => cell.trim().toLowerCase() === "source") : -1;
  if (column < 0) return generated;
  return lines
    .map((line) => {
      if (!line.trimStart().startsWith("|")) return line;
      const cells = cellsOf(line);
      cells.splice(column, 1);
      return `|${cells.join("|")}|`;
    })
    .join("\n");
}

/**
 * @param {import("./site.mjs").Site} site
 * @param {string} [readme] the README's text (the file by default)
 */
export function renderEmulator(site, readme = readFileSync(emulatorReadme, "utf8")) {
  const body = renderContent("emulator", {
    blocks: {
      "state-rules": () =>
        renderMarkdown(rulesForReaders(stateRulesSection(readme)), {}, "packages/emulator/README.md"),
    },
    values: { page: (kind) => fileOf(site.pages, /** @type {"landing" | "events" | "history"} */ (kind)) },
  });
  return page({
    title: "The emulator: a stateful X Ads API for tests",
    description: "@xads/emulator: a stateful sandbox of the X Ads API generated from the same spec.",
    nav: site.nav,
    current: fileOf(site.pages, "emulator"),
    body,
  });
}
