// The operation table an Arazzo file runs with (runner/): for each of its source descriptions, each
// operation's method, path template and server. A bundle (`../dist/<document>.json`) is read through
// the spec model, each operation on the server the docs call it on (the first of its servers); the
// emulator's controls (`emulator-controls.yaml`) on the origin of the ads document's first server,
// since every API host of the emulator answers `/_emulator/`. Node only.
import { basename, dirname, resolve } from "node:path";
import { catalogueOperationsOf } from "@xads/spec/lib/catalogue.mjs";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { readArazzo } from "@xads/spec/lib/workflows.mjs";

/** @typedef {import("./runner/index.mjs").OperationTable} OperationTable */
/** @typedef {import("./runner/index.mjs").RunnerOperation} RunnerOperation */

/** The emulator's controls: a source description that is not an API document. */
const EMULATOR_CONTROLS = "emulator-controls.yaml";

/** @param {string} url */
const withoutTrailingSlash = (url) => url.replace(/\/+$/, "");

/**
 * The operations of a registered document, each on the first of its servers.
 * @param {import("@xads/spec/lib/model.mjs").SpecDocument} document
 * @returns {Record<string, RunnerOperation>}
 */
function documentOperations(document) {
  return Object.fromEntries(
    document.operations().map((operation) => [
      operation.id,
      {
        method: operation.method.toUpperCase(),
        path: operation.path,
        // The server the docs call it on: apps/docs/src/examples.mjs's serverUrl, the first one.
        server: withoutTrailingSlash(operation.servers[0]?.url ?? ""),
      },
    ]),
  );
}

/**
 * The emulator's controls, on the origin of the ads document's first server. The description is read
 * through the catalogue, as a bundle held in memory.
 * @param {string} file the controls' description
 * @returns {Record<string, RunnerOperation>}
 */
function controlOperations(file) {
  const adsServer = loadSpec().document("ads").servers[0]?.url;
  if (!adsServer) throw new Error("the ads document names no server");
  const server = new URL(adsServer).origin;
  return Object.fromEntries(
    catalogueOperationsOf("emulator-controls", readArazzo(file)).map((operation) => [
      operation.id,
      { method: operation.method.toUpperCase(), path: operation.path, server },
    ]),
  );
}

/**
 * The operation table of an Arazzo file: source name -> operationId -> operation.
 * @param {string} file the Arazzo file's absolute path
 * @returns {OperationTable}
 */
export function operationTable(file) {
  const document = /** @type {{ sourceDescriptions?: { name: string, url: string }[] }} */ (readArazzo(file));
  const spec = loadSpec();
  /** @type {OperationTable} */
  const table = {};
  for (const source of document.sourceDescriptions ?? []) {
    const location = resolve(dirname(file), source.url);
    const registered = spec.documents.find((candidate) => candidate.bundlePath === location);
    if (registered) table[source.name] = documentOperations(registered);
    else if (basename(location) === EMULATOR_CONTROLS) table[source.name] = controlOperations(location);
    else
      throw new Error(
        `${basename(file)}: the source ${source.name} (${source.url}) is neither a bundle nor the emulator's controls`,
      );
  }
  return table;
}
