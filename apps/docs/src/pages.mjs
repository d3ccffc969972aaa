// The page registry: every page of the site, once. The build renders what it lists, the navigation is
// made of it and the tests visit it. Kinds: the landing page, one reference page per document with
// operations, the event types, the change history and the emulator.
import { pageOf } from "./anchors.mjs";

/** @typedef {"landing" | "reference" | "events" | "history" | "emulator"} PageKind */
/**
 * @typedef {object} SitePage
 * @property {string} file relative to dist/ (and the page's link)
 * @property {string} title its name in the navigation
 * @property {PageKind} kind
 * @property {string} [document] the document a reference page renders
 */

/**
 * The pages of the site, in navigation order.
 * @param {Array<{ name: string, title: string, operations: unknown[] }>} documents in registry order
 * @returns {SitePage[]}
 */
export function sitePages(documents) {
  return [
    { file: "index.html", title: "Overview", kind: "landing" },
    ...documents
      .filter((d) => d.operations.length > 0)
      .map(
        (d) => /** @type {SitePage} */ ({ file: pageOf(d.name), title: d.title, kind: "reference", document: d.name }),
      ),
    { file: "events.html", title: "Events", kind: "events" },
    { file: "history.html", title: "Change history", kind: "history" },
    { file: "emulator.html", title: "Emulator", kind: "emulator" },
  ];
}

/**
 * The file of the one page of `kind` (landing, events, history, emulator).
 * @param {SitePage[]} pages
 * @param {Exclude<PageKind, "reference">} kind
 */
export function fileOf(pages, kind) {
  const found = pages.find((p) => p.kind === kind);
  if (!found) throw new Error(`the page registry has no ${kind} page`);
  return found.file;
}
