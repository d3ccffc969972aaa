// What a guide page runs in the browser: for each workflow file, the file parsed and its operation
// table (each source's operations with their method, path and server), written as
// `assets/workflows-<base>.json` beside the pages. The guide pages name it in a meta element.
import { writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { readArazzo } from "@xads/spec/lib/workflows.mjs";
import { operationTable } from "@xads/workflows/operation-table";

/**
 * The data file of a workflow file, relative to dist/.
 * @param {string} file the workflow file's path (`.../campaign-management.arazzo.yaml`)
 */
export const guideDataFile = (file) => `assets/workflows-${basename(file).replace(/\.arazzo\.yaml$/, "")}.json`;

/**
 * @param {string} outDir dist/
 * @param {string[]} files the workflow files' paths
 * @returns {string[]} the files written, relative to dist/
 */
export function writeGuideData(outDir, files) {
  return files.map((file) => {
    const name = guideDataFile(file);
    writeFileSync(join(outDir, name), JSON.stringify({ document: readArazzo(file), operations: operationTable(file) }));
    return name;
  });
}
