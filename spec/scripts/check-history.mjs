// Checks history/changes.yaml, the dated change history the docs site renders: the shape of
// history/changes.schema.json, and dates that exist on the calendar.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse } from "yaml";
import { specDir } from "./redocly.mjs";

/**
 * An entry of history/changes.yaml (history/changes.schema.json).
 * @typedef {object} Change
 * @property {string} date YYYY-MM-DD
 * @property {string} [time]
 * @property {string[]} [also] further days the change is dated
 * @property {string} summary
 * @property {string[]} [endpoints]
 */

/** @type {import("ajv").JSONSchemaType<Change[]>} */
const schema = JSON.parse(readFileSync(join(specDir, "history/changes.schema.json"), "utf8"));
const validateShape = new Ajv2020({ allErrors: true }).compile(schema);

/**
 * True when `text` (YYYY-MM-DD) names a real calendar day: 2026-02-30 does not.
 * @param {string} text
 */
function isCalendarDate(text) {
  const [year, month, day] = text.split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The problems of a parsed change history, each naming the entry, the field and the rule broken.
 * @param {unknown} entries
 * @returns {string[]}
 */
export function historyProblems(entries) {
  if (!validateShape(entries)) {
    return (validateShape.errors ?? []).map((error) => {
      const where = error.instancePath.replace(/^\/(\d+)/, "entry $1").replaceAll("/", ".") || "the file";
      return `${where}: ${error.message}${error.params?.additionalProperty ? ` (${error.params.additionalProperty})` : ""}`;
    });
  }
  /** @type {string[]} */
  const problems = [];
  entries.forEach((entry, index) => {
    /** @type {Array<[string, string]>} field -> date */
    const dates = [
      ["date", entry.date],
      ...(entry.also ?? []).map(/** @returns {[string, string]} */ (d, i) => [`also.${i}`, d]),
    ];
    for (const [field, value] of dates) {
      if (!isCalendarDate(value)) problems.push(`entry ${index}.${field}: ${value} is not a calendar date`);
    }
  });
  return problems;
}

/** Reads history/changes.yaml and returns its problems (empty when it is valid). */
export function checkHistory() {
  const file = join(specDir, "history/changes.yaml");
  // The core schema keeps dates as strings, as the docs site reads them.
  const entries = parse(readFileSync(file, "utf8"), { schema: "core" });
  return historyProblems(entries).map((problem) => `history/changes.yaml ${problem}`);
}
