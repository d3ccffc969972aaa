// The HTML shell of the site's own pages (landing, change history, events) and small text helpers.
import { scrollRegions } from "./scroll-regions.mjs";

/**
 * Escapes text for HTML content and attribute values.
 * @param {unknown} text
 */
export function escapeHtml(text) {
  return String(text)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * The small Markdown subset the spec's short texts use, inline only: `code`, **bold**, *emphasis* and
 * [links](url). Everything else is escaped.
 * @param {unknown} text
 */
export function inlineMarkdown(text) {
  const parts = String(text).split(/(`[^`]*`)/);
  return parts
    .map((part) => {
      if (part.startsWith("`") && part.endsWith("`") && part.length >= 2) {
        return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      }
      return escapeHtml(part)
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, href) => `<a href="${href}">${label}</a>`)
        .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
        .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
    })
    .join("");
}

/**
 * Paragraphs of inline Markdown, split on blank lines.
 * @param {unknown} text
 */
export function paragraphs(text) {
  return String(text ?? "")
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${inlineMarkdown(p.replace(/\s*\n\s*/g, " "))}</p>`)
    .join("\n");
}

/**
 * A whole page: `nav` is [{href, title}], `current` the href of this page.
 * @param {{
 *   title: string,
 *   description: string,
 *   nav: import("./site.mjs").NavLink[],
 *   current: string,
 *   body: string,
 *   head?: string,
 * }} content `head`: more elements for the head (a page's own scripts and styles)
 */
export function page({ title, description, nav, current, body, head = "" }) {
  const links = nav
    .map(
      (n) =>
        `<a href="${escapeHtml(n.href)}"${n.href === current ? ' aria-current="page"' : ""}>${escapeHtml(n.title)}</a>`,
    )
    .join("\n      ");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <meta name="description" content="${escapeHtml(description)}">
  <link rel="icon" href="assets/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="assets/site.css">${head ? `\n  ${head}` : ""}
</head>
<body>
  <header class="site-header">
    <nav aria-label="Site">
      ${links}
    </nav>
  </header>
  <main>
${scrollRegions(body)}
  </main>
</body>
</html>
`;
}
