// A Markdown table as the formatter (Biome) writes one: every column padded to its widest cell, so
// formatting a README leaves a generated table as it is.

/** @param {string} text a cell's text, its pipes escaped */
export const cell = (text) => text.replaceAll("|", "\\|");

/** @param {string[][]} table the header row, then the rows @returns {string[]} its lines */
export function alignedTable(table) {
  const widths = (table[0] ?? []).map((_, column) => Math.max(3, ...table.map((row) => (row[column] ?? "").length)));
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((text, i) => text.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [header = [], ...rows] = table;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)];
}
