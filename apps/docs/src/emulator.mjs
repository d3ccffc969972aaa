// The emulator page: what @xads/emulator is and how to use it (content/emulator.md), with its state
// rules read from the one list the emulator package keeps, the "State rules" table of
// packages/emulator/README.md (each rule with its seed section), so the site never copies it.
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

/**
 * @param {import("./site.mjs").Site} site
 * @param {string} [readme] the README's text (the file by default)
 */
export function renderEmulator(site, readme = readFileSync(emulatorReadme, "utf8")) {
  const body = renderContent("emulator", {
    blocks: { "state-rules": () => renderMarkdown(stateRulesSection(readme), {}, "packages/emulator/README.md") },
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
