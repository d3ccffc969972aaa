// The page registry: every page of the site, once. The build renders what it lists, the navigation is
// made of it and the tests visit it. Kinds: the landing page, one reference page per document with
// operations, the event types, the change history, the emulator, its parity with the sandbox, the guides' index and one guide per
// workflow of spec/workflows. A page with a `parent` (a guide) is reached from its parent's page and
// is not in the navigation; the navigation marks its parent as where the reader is.
import { pageOf } from "./anchors.mjs";

/** @typedef {"landing" | "reference" | "events" | "history" | "emulator" | "parity" | "guides" | "guide"} PageKind */
/**
 * @typedef {object} SitePage
 * @property {string} file relative to dist/ (and the page's link)
 * @property {string} title its name in the navigation (a guide's: its workflow's summary)
 * @property {PageKind} kind
 * @property {string} [document] the document a reference page renders
 * @property {string} [workflow] the workflow id a guide renders
 * @property {string} [parent] the file of the navigation entry a page sits under (not in the navigation itself)
 */

/** The guides' index. */
export const GUIDES_FILE = "guides.html";

/**
 * The page of a workflow: a flat file beside the others, so the assets resolve. Workflow ids are
 * `[A-Za-z0-9_-]+` (Arazzo's recommendation); another id has no file name.
 * @param {string} workflowId
 */
export function guideFile(workflowId) {
  if (!/^[A-Za-z0-9_-]+$/.test(workflowId)) {
    throw new Error(`the workflow id ${JSON.stringify(workflowId)} is not [A-Za-z0-9_-]+, so it has no page name`);
  }
  return `guide-${workflowId}.html`;
}

/**
 * The pages of the site, in navigation order.
 * @param {Array<{ name: string, title: string, operations: unknown[] }>} documents in registry order
 * @param {Array<{ workflowId: string, summary: string }>} [workflows] the workflows, in file order
 * @returns {SitePage[]}
 */
export function sitePages(documents, workflows = []) {
  /** @type {SitePage[]} */
  const pages = [
    { file: "index.html", title: "Overview", kind: "landing" },
    ...documents
      .filter((d) => d.operations.length > 0)
      .map(
        (d) => /** @type {SitePage} */ ({ file: pageOf(d.name), title: d.title, kind: "reference", document: d.name }),
      ),
    { file: "events.html", title: "Events", kind: "events" },
    { file: "history.html", title: "Change history", kind: "history" },
    { file: "emulator.html", title: "Emulator", kind: "emulator" },
    { file: "parity.html", title: "Parity", kind: "parity" },
    { file: GUIDES_FILE, title: "Guides", kind: "guides" },
    ...workflows.map(
      (w) =>
        /** @type {SitePage} */ ({
          file: guideFile(w.workflowId),
          title: w.summary,
          kind: "guide",
          workflow: w.workflowId,
          parent: GUIDES_FILE,
        }),
    ),
  ];
  /** @type {Set<string>} */
  const seen = new Set();
  for (const p of pages) {
    if (seen.has(p.file)) throw new Error(`the page registry lists ${p.file} twice`);
    seen.add(p.file);
  }
  return pages;
}

/**
 * The navigation: the pages without a parent, in registry order.
 * @param {SitePage[]} pages
 * @returns {import("./site.mjs").NavLink[]}
 */
export function navOf(pages) {
  return pages.filter((p) => !p.parent).map((p) => ({ href: p.file, title: p.title }));
}

/**
 * The file of the one page of `kind` (landing, events, history, emulator, parity, guides).
 * @param {SitePage[]} pages
 * @param {Exclude<PageKind, "reference" | "guide">} kind
 */
export function fileOf(pages, kind) {
  const found = pages.find((p) => p.kind === kind);
  if (!found) throw new Error(`the page registry has no ${kind} page`);
  return found.file;
}
