// Loads everything the site is built from: the spec model (loadSpec(): documents, their bundles and
// operations) and spec/history/changes.yaml.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadSpec, specDir } from "@xads/spec/lib/model.mjs";
import { parse } from "yaml";
import { operationLink, pageOf } from "./anchors.mjs";
import { parseHistory } from "./history.mjs";
import { sitePages } from "./pages.mjs";

export { specDir };

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */
/** @typedef {import("@xads/spec/lib/model.mjs").Operation} Operation */
/** @typedef {import("@xads/spec/lib/model.mjs").SpecDocument} SpecDocument */
/** @typedef {Operation & { link: string }} SiteOperation an operation of the model with its deep link */
/**
 * A document of the model with its bundle (parsed, for the pages that render it whole), its operations
 * and its reference page.
 * @typedef {{
 *   name: string,
 *   title: string,
 *   role: SpecDocument["role"],
 *   mockPort: number,
 *   servers: SpecDocument["servers"],
 *   headerComponents: SpecDocument["headerComponents"],
 *   bundle: Node,
 *   operations: SiteOperation[],
 *   page: string,
 * }} SiteDocument
 */
/** @typedef {{ href: string, title: string }} NavLink */
/** @typedef {ReturnType<typeof loadSite>} Site */

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
 * the operation index by id, the pages (the registry, pages.mjs) and the navigation made of them, the
 * change history (`undefined` until its file exists) and
 * the events document (`undefined` when no document has the role `events`).
 */
export function loadSite(dir = specDir) {
  const spec = loadSpec(dir);
  /** @type {SiteDocument[]} */
  const documents = spec.documents.map((doc) => {
    if (!existsSync(doc.bundlePath)) {
      throw new Error(
        `documents.json lists "${doc.name}" with bundle ${doc.bundlePath}, which does not exist: run the spec bundle first`,
      );
    }
    const operations = doc.operations().map((op) => ({ ...op, link: operationLink(doc.name, op) }));
    return {
      name: doc.name,
      title: doc.title,
      role: doc.role,
      mockPort: doc.mockPort,
      servers: doc.servers,
      headerComponents: doc.headerComponents,
      bundle: doc.bundle(),
      operations,
      page: pageOf(doc.name),
    };
  });
  const referenced = documents.filter((d) => d.operations.length > 0);
  /** @type {Map<string, SiteOperation>} */
  const operationsById = new Map();
  for (const doc of referenced) for (const op of doc.operations) operationsById.set(op.id, op);

  const events = documents.find((d) => d.role === "events");

  const historyFile = join(dir, "history/changes.yaml");
  const history = existsSync(historyFile)
    ? parseHistory(readYaml(historyFile), "spec/history/changes.yaml")
    : undefined;

  const pages = sitePages(documents);
  /** @type {NavLink[]} */
  const nav = pages.map((p) => ({ href: p.file, title: p.title }));
  return { documents, referenced, operationsById, events, history, pages, nav };
}
