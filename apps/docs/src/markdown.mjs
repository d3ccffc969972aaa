// The site's prose in Markdown (content/*.md), rendered at build time with marked. Two additions to
// CommonMark: a heading may end with `{#id}` (its id attribute), and placeholders in double braces are
// filled after rendering: `{{block:NAME}}` alone on a line is a block the JavaScript computes from the
// model (a table, an index), `{{NAME}}` or `{{NAME:ARGUMENT}}` an inline value.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Marked } from "marked";
import { escapeHtml } from "./html.mjs";

/** The folder of the Markdown sources. */
export const contentDir = join(dirname(fileURLToPath(import.meta.url)), "../content");

/**
 * Escapes what HTML text must not hold; quotes may stay as written in text content.
 * @param {string} text
 */
const escapeText = (text) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const HEADING_ID = /\s*\{#([A-Za-z0-9_-]+)\}$/;

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const html = this.parser.parseInline(tokens);
      const id = HEADING_ID.exec(html)?.[1];
      return `<h${depth}${id ? ` id="${id}"` : ""}>${html.replace(HEADING_ID, "")}</h${depth}>\n`;
    },
    text(token) {
      if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
      return "escaped" in token && token.escaped ? token.text : escapeText(token.text);
    },
    codespan({ text }) {
      return `<code>${escapeText(text)}</code>`;
    },
    // JSON examples are escaped as the site's other JSON blocks (html.mjs); other code as text.
    code({ text, lang }) {
      return `<pre><code>${lang === "json" ? escapeHtml(text) : escapeText(text)}</code></pre>\n`;
    },
  },
});

const BLOCK = /^\{\{block:([A-Za-z0-9_-]+)\}\}$/m;
const INLINE = /\{\{([A-Za-z0-9_-]+)(?::([^}]*))?\}\}/g;

/**
 * Renders a Markdown source, filling its placeholders.
 * @param {string} source
 * @param {{
 *   blocks?: Record<string, () => string>,
 *   values?: Record<string, (argument: string | undefined) => string>,
 * }} fill `blocks` by name; `values` by name, given the text after the colon
 * @param {string} [where] names the source in errors
 */
export function renderMarkdown(source, { blocks = {}, values = {} } = {}, where = "Markdown") {
  /** @param {string} html */
  const inline = (html) =>
    html.replace(INLINE, (_, /** @type {string} */ name, /** @type {string | undefined} */ argument) => {
      const value = values[name];
      if (!value) throw new Error(`${where}: no value for {{${name}}}`);
      return value(argument);
    });
  const parts = source.split(BLOCK);
  return parts
    .map((part, index) => {
      if (index % 2 === 0) return part.trim() ? inline(/** @type {string} */ (marked.parse(part))) : "";
      const block = blocks[part];
      if (!block) throw new Error(`${where}: no block {{block:${part}}}`);
      return `${block()}\n`;
    })
    .join("");
}

/**
 * Renders content/<name>.md.
 * @param {string} name
 * @param {Parameters<typeof renderMarkdown>[1]} fill
 */
export function renderContent(name, fill) {
  const file = join(contentDir, `${name}.md`);
  return renderMarkdown(readFileSync(file, "utf8"), fill, `content/${name}.md`);
}
