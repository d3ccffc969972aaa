// Loads everything the site is built from: the spec model (loadSpec(): documents, their bundles and
// operations), spec/history/changes.yaml and the Arazzo workflows of spec/workflows (read by
// spec/lib/workflows.mjs, their one reader).
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { loadSpec, specDir } from "@xads/spec/lib/model.mjs";
import { readArazzo, readStateRules, readWorkflows, workflowFiles } from "@xads/spec/lib/workflows.mjs";
import { parse } from "yaml";
import { operationLink, pageOf } from "./anchors.mjs";
import { parseHistory } from "./history.mjs";
import { navOf, sitePages } from "./pages.mjs";

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
/** @typedef {import("@xads/spec/lib/workflows.mjs").Workflow} Workflow */
/** @typedef {import("@xads/spec/lib/workflows.mjs").StateRule} StateRule */
/**
 * A workflow file: its name (`auth.arazzo.yaml`), `info` and workflows, in file order.
 * @typedef {{ name: string, title: string, summary: string, description: string, workflows: Workflow[] }} WorkflowFile
 */
/**
 * The guides' model: the workflow files, every workflow (in file order) and the state rules.
 * @typedef {{ files: WorkflowFile[], workflows: Workflow[], rules: StateRule[] }} Guides
 */
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
 * The workflows of `<dir>/workflows` (none when the folder does not exist).
 * @param {string} dir the spec folder
 * @returns {Guides}
 */
export function loadGuides(dir = specDir) {
  const folder = join(dir, "workflows");
  if (!existsSync(folder)) return { files: [], workflows: [], rules: [] };
  const files = workflowFiles(folder).map((file) => {
    const info = readArazzo(file)?.info ?? {};
    return {
      name: basename(file),
      title: String(info.title ?? basename(file)),
      summary: String(info.summary ?? ""),
      description: String(info.description ?? "").trim(),
      workflows: readWorkflows([file]),
    };
  });
  return { files, workflows: files.flatMap((f) => f.workflows), rules: readStateRules(folder) };
}

/**
 * The site's model: documents (with their bundle and operations), the referenced ones (with operations),
 * the operation index by id, the pages (the registry, pages.mjs) and the navigation made of them, the
 * change history (`undefined` until its file exists), the guides (the workflows) and
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

  const guides = loadGuides(dir);
  const pages = sitePages(documents, guides.workflows);
  const nav = navOf(pages);
  return { documents, referenced, operationsById, events, history, guides, pages, nav };
}
