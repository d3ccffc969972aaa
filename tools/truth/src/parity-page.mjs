// The parity table as a page body of the docs site: the same rows as the emulator README's block
// (parity.mjs), as escaped HTML. The docs build wraps it in its page layout.
import { observe } from "./observations.mjs";
import { countText, parityOf, paritySummary, parityTable } from "./parity.mjs";

/** @param {string} text */
const escapeHtml = (text) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** @param {string} header @param {string} detail @param {import("./parity.mjs").ParityRow[]} rows */
function table(header, detail, rows) {
  const body = rows
    .map(
      (row) =>
        `<tr${row.observed ? ' class="observed"' : ""}><td><code>${escapeHtml(row.id)}</code></td><td>${escapeHtml(row.detail)}</td><td>${escapeHtml(parityOf(row.observed))}</td></tr>`,
    )
    .join("\n");
  return `<table>\n<thead><tr><th>${escapeHtml(header)}</th><th>${escapeHtml(detail)}</th><th>parity</th></tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** @param {import("./parity.mjs").Parity} parity @returns {string} the page's body, HTML */
export function parityPageHtml(parity) {
  const counts = paritySummary(parity)
    .map((count) => `<li>${escapeHtml(`${count.kind}: ${countText(count)}.`)}</li>`)
    .join("\n");
  return [
    "<h1>Parity with the sandbox</h1>",
    "<p>Each state rule, x-rule and operation the emulator implements is either observed on the sandbox (a committed recording of <code>spec/observations/&lt;date&gt;/</code> holds an exchange of it, and the emulator's replay of that exchange ran it) or assumed from the reference.</p>",
    `<ul>\n${counts}\n</ul>`,
    "<h2>State rules</h2>",
    table("state rule", "emulator", parity.stateRules),
    "<h2>x-rules</h2>",
    table("x-rule", "operation", parity.xRules),
    "<h2>Operations</h2>",
    table("operation", "request", parity.operations),
  ].join("\n");
}

/** The page's body from the committed observations (the docs build's one call). @returns {Promise<string>} */
export async function parityPageBody() {
  return parityPageHtml(parityTable(await observe()));
}
