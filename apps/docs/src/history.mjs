// The change-history page, rendered from spec/history/changes.yaml:
// a list of {date: YYYY-MM-DD, time?, also?: [YYYY-MM-DD], summary, endpoints?: [string]}, recent first.
import { escapeHtml, inlineMarkdown, page } from "./html.mjs";
import { fileOf } from "./pages.mjs";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * @param {string} source
 * @param {string} where
 * @param {string} rule
 * @returns {never}
 */
function fail(source, where, rule) {
  throw new Error(`${source}: ${where} ${rule}`);
}

/**
 * @typedef {{
 *   date: string,
 *   time?: string,
 *   also: string[],
 *   summary: string,
 *   endpoints: string[],
 *   index: number,
 * }} HistoryEntry
 */

/**
 * Checks the shape of the change history and returns its entries, most recent first.
 * @param {unknown} raw the parsed YAML
 * @returns {HistoryEntry[]}
 */
export function parseHistory(raw, source = "changes.yaml") {
  if (!Array.isArray(raw)) fail(source, "the document", "must be a list of changes");
  const entries = raw.map((entry, index) => {
    const at = `entry ${index + 1}`;
    if (entry === null || typeof entry !== "object" || Array.isArray(entry)) fail(source, at, "must be a mapping");
    const { date, time, also, summary, endpoints } = entry;
    if (typeof date !== "string" || !DATE.test(date))
      fail(source, `${at}: date`, `must be a YYYY-MM-DD string (got ${JSON.stringify(date)})`);
    if (time !== undefined && typeof time !== "string") fail(source, `${at}: time`, "must be a string");
    if (also !== undefined && (!Array.isArray(also) || also.some((d) => typeof d !== "string" || !DATE.test(d)))) {
      fail(source, `${at}: also`, "must be a list of YYYY-MM-DD strings");
    }
    if (typeof summary !== "string" || !summary.trim()) fail(source, `${at}: summary`, "must be a non-empty string");
    if (endpoints !== undefined && (!Array.isArray(endpoints) || endpoints.some((e) => typeof e !== "string"))) {
      fail(source, `${at}: endpoints`, "must be a list of strings");
    }
    return { date, time, also: also ?? [], summary, endpoints: endpoints ?? [], index };
  });
  return entries.sort((a, b) => b.date.localeCompare(a.date) || a.index - b.index);
}

/**
 * "2026-03-18" as "March 18, 2026".
 * @param {string} date
 */
export function formatDate(date) {
  const [year, month = 0, day] = date.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** @param {string} path */
const normalizePath = (path) => path.replace(/:([A-Za-z0-9_]+)/g, "{$1}").toLowerCase();

/** @typedef {{ path: string, method: string, link: string }} LinkedOperation */

/**
 * The operation an endpoint string such as "POST /12/accounts/:account_id/campaigns" names, if documented.
 * @template {LinkedOperation} Operation
 * @param {{ operationsById: Map<string, Operation> }} site
 * @param {string} endpoint
 * @returns {Operation | undefined}
 */
export function findEndpoint(site, endpoint) {
  const match = /^\s*(?:(GET|PUT|POST|DELETE|PATCH)\s+)?(\S+)/i.exec(endpoint);
  if (!match) return undefined;
  const method = match[1]?.toLowerCase();
  const path = normalizePath((match[2] ?? "").replace(/^https?:\/\/[^/]+/, ""));
  for (const op of site.operationsById.values()) {
    if (normalizePath(op.path) === path && (!method || op.method === method)) return op;
  }
  return undefined;
}

/**
 * @param {{ operationsById: Map<string, LinkedOperation> }} site
 * @param {string} endpoint
 */
function endpointItem(site, endpoint) {
  const op = findEndpoint(site, endpoint);
  const text = `<code>${escapeHtml(endpoint)}</code>`;
  return op ? `<li><a href="${escapeHtml(op.link)}">${text}</a></li>` : `<li>${text}</li>`;
}

/**
 * The whole page (a "not yet available" note until the history exists).
 * @param {{
 *   history?: HistoryEntry[],
 *   nav: import("./site.mjs").NavLink[],
 *   pages: import("./pages.mjs").SitePage[],
 *   operationsById: Map<string, LinkedOperation>,
 * }} site
 */
export function renderHistory(site) {
  const intro = `<h1>Change history</h1>
<p>Dated changes to the API and the interfaces it names, most recent first. Linked endpoints open in the reference.</p>`;
  let body;
  if (!site.history) {
    body = `${intro}
<p class="note" id="history-unavailable">The change history is not yet available: <code>spec/history/changes.yaml</code> does not exist in this build.</p>`;
  } else {
    const items = site.history.map((entry) => {
      const when = `<time datetime="${entry.date}">${formatDate(entry.date)}</time>${entry.time ? `, ${escapeHtml(entry.time)}` : ""}`;
      const also = entry.also.length
        ? `<p class="also">Also ${entry.also.map((d) => `<time datetime="${d}">${formatDate(d)}</time>`).join(", ")}</p>`
        : "";
      const endpoints = entry.endpoints.length
        ? `<ul class="endpoints">${entry.endpoints.map((e) => endpointItem(site, e)).join("")}</ul>`
        : "";
      return `<li class="change" id="change-${entry.date}-${entry.index + 1}">
  <h2>${when}</h2>
  <p>${inlineMarkdown(entry.summary)}</p>${also}${endpoints}
</li>`;
    });
    body = `${intro}
<ol class="changes">
${items.join("\n")}
</ol>`;
  }
  return page({
    title: "Change history · X Ads API reference",
    description: "Dated changes to the X Ads API, recent first.",
    nav: site.nav,
    current: fileOf(site.pages, "history"),
    body,
  });
}
