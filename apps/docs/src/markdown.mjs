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

/** A link or image target a page may carry: relative, a fragment, http(s) or mailto (no `javascript:`). */
const SAFE_URL = /^(?:https?:|mailto:|#|[^:]*$)/i;

/** @param {string | null | undefined} title */
const titleAttribute = (title) => (title ? ` title="${escapeHtml(title)}"` : "");

// Text the site does not write itself (the workflow files' descriptions): raw HTML is shown as text,
// links to other schemes than the safe ones keep only their text, images show as links, and headings
// sit two levels lower (under the page's own h1 and h2), without placeholders. Bare addresses stay text
// (GFM would link `alice@example.com` of an example); written links and `<https://…>` stay links.
const untrusted = new Marked({
  gfm: true,
  tokenizer: {
    url() {
      return undefined;
    },
  },
  renderer: {
    heading({ tokens, depth }) {
      const level = Math.min(depth + 2, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    text(token) {
      if ("tokens" in token && token.tokens) return this.parser.parseInline(token.tokens);
      return "escaped" in token && token.escaped ? token.text : escapeText(token.text);
    },
    codespan({ text }) {
      return `<code>${escapeText(text)}</code>`;
    },
    code({ text }) {
      return `<pre><code>${escapeText(text)}</code></pre>\n`;
    },
    html({ text, block }) {
      return block ? `<p>${escapeText(text.trim())}</p>\n` : escapeText(text);
    },
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      return SAFE_URL.test(href) ? `<a href="${escapeHtml(href)}"${titleAttribute(title)}>${label}</a>` : label;
    },
    image({ href, title, text }) {
      return SAFE_URL.test(href)
        ? `<a href="${escapeHtml(href)}"${titleAttribute(title)}>${escapeText(text)}</a>`
        : escapeText(text);
    },
  },
});

/**
 * Renders Markdown from a file the site does not write (a workflow's description): everything it
 * holds shows as text, never as markup of the page.
 * @param {unknown} source
 * @param {{ inline?: boolean }} [options] `inline`: one line of inline Markdown, no paragraph
 */
export function renderUntrustedMarkdown(source, { inline = false } = {}) {
  const text = String(source ?? "");
  return /** @type {string} */ (inline ? untrusted.parseInline(text) : untrusted.parse(text));
}

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
