// Loads everything the site is built from: spec/documents.json, the bundles, spec/history/changes.yaml.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { specDir } from "@xads/spec/lib/documents.mjs";
import { listOperations } from "@xads/spec/lib/operations.mjs";
import { parse } from "yaml";
import { operationLink, pageOf } from "./anchors.mjs";
import { parseHistory } from "./history.mjs";

export { specDir };

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("@xads/spec/lib/operations.mjs").OperationEntry} OperationEntry */
/** @typedef {{ name: string, title: string, bundle: string, mockPort?: number }} ListedDocument an entry of documents.json */
/** @typedef {OperationEntry & { link: string }} SiteOperation an operation with its deep link */
/**
 * A document with its bundle, its operations and its reference page.
 * @typedef {Omit<ListedDocument, "bundle"> & { bundle: Node, operations: SiteOperation[], page: string }} SiteDocument
 */
/** @typedef {{ href: string, title: string }} NavLink */
/** @typedef {ReturnType<typeof loadSite>} Site */

/**
 * @param {string} file
 * @param {string} what names the file in the error
 */
function readJson(file, what) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${what}: cannot read ${file}: ${/** @type {Error} */ (error).message}`);
  }
}

/** @param {string} file */
function readYaml(file) {
  try {
    return parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${file} is not valid YAML: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * The site's model: documents (with their bundle and operations), the referenced ones (with operations),
 * the operation index by operationId, the navigation, the change history (`undefined` until its file
 * exists) and the activity bundle (`undefined` when documents.json lists no `activity` document).
 */
export function loadSite(dir = specDir) {
  /** @type {ListedDocument[]} */
  const listed = readJson(join(dir, "documents.json"), "documents.json");
  /** @type {SiteDocument[]} */
  const documents = listed.map((entry) => {
    const file = join(dir, entry.bundle);
    if (!existsSync(file)) {
      throw new Error(
        `documents.json lists "${entry.name}" with bundle ${entry.bundle}, which does not exist: run the spec bundle first`,
      );
    }
    const bundle = readJson(file, `bundle of "${entry.name}"`);
    const operations = listOperations(bundle).map((op) => ({ ...op, link: operationLink(entry.name, op.operation) }));
    return { ...entry, bundle, operations, page: pageOf(entry.name) };
  });
  const referenced = documents.filter((d) => d.operations.length > 0);
  /** @type {Map<string, SiteOperation & { document: SiteDocument }>} */
  const operationsById = new Map();
  for (const doc of referenced)
    for (const op of doc.operations) operationsById.set(op.operationId, { ...op, document: doc });

  const activity = documents.find((d) => d.name === "activity")?.bundle;

  const historyFile = join(dir, "history/changes.yaml");
  const history = existsSync(historyFile)
    ? parseHistory(readYaml(historyFile), "spec/history/changes.yaml")
    : undefined;

  /** @type {NavLink[]} */
  const nav = [
    { href: "index.html", title: "Overview" },
    ...referenced.map((d) => ({ href: d.page, title: d.title })),
    { href: "events.html", title: "Events" },
    { href: "history.html", title: "Change history" },
  ];
  return { documents, referenced, operationsById, activity, history, nav };
}
