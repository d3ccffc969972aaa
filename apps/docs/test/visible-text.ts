// What a reader of a built page sees, as text, without a browser: the page's text (scripts, styles and
// comments left out), its title, description and the labels assistive technology reads, and the
// strings of the JSON that a page's inline scripts hand to Redoc (its definition and options).

/** Elements whose end starts a new run of text: a sentence never runs across them. */
const BLOCKS =
  /^(address|article|aside|blockquote|body|br|caption|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|title|tr|ul)$/i;
/** The attributes whose text is read out (labels, alternatives, tooltips). */
const READ_ATTRIBUTES = ["alt", "aria-label", "title", "placeholder"];
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes the entities a page's text uses: named (the common ones), decimal and hexadecimal. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Removes what a reader never sees: comments, and the contents of scripts, styles and templates. */
const withoutHidden = (html: string) =>
  html.replace(/<!--[\s\S]*?-->/g, " ").replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "\u0000");

/**
 * The runs of text a page shows, each its own string (a block element ends one), whitespace collapsed:
 * the body's text, the title, the meta description and the read-out attributes.
 */
export function visibleTexts(html: string): string[] {
  const shown = withoutHidden(html);
  const attributes: string[] = [];
  const description = /<meta\s[^>]*name=["']description["'][^>]*>/i.exec(shown)?.[0];
  const content = description && /\scontent=(["'])([\s\S]*?)\1/i.exec(description)?.[2];
  if (content) attributes.push(content);
  for (const tag of shown.match(/<[a-z][^>]*>/gi) ?? []) {
    for (const name of READ_ATTRIBUTES) {
      const value = new RegExp(`\\s${name}=(["'])([\\s\\S]*?)\\1`, "i").exec(tag)?.[2];
      if (value) attributes.push(value);
    }
  }
  const body = shown.replace(/<\/?([a-z][a-z0-9-]*)\b[^>]*>/gi, (_, name: string) =>
    BLOCKS.test(name) ? "\u0000" : "",
  );
  return [...body.split("\u0000"), ...attributes]
    .map((text) => decodeEntities(text).replace(/\s+/g, " ").trim())
    .filter((text) => text !== "");
}

/** Every string value of a JSON value (object keys left out), with where it is: `.info.description`. */
export function jsonStrings(value: unknown, path = ""): Array<{ path: string; text: string }> {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => jsonStrings(item, `${path}[${i}]`));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => jsonStrings(item, `${path}.${key}`));
  }
  return [];
}

/**
 * The JSON a page's inline scripts give Redoc, by name: each `const __redoc_<name> = {...};` line
 * (`__redoc_definition`, the document the page renders, and `__redoc_options`).
 */
export function embeddedRedocJson(html: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const match of html.matchAll(/^\s*const (__redoc_\w+) = (\{.*\});\s*$/gm)) {
    found[match[1] as string] = JSON.parse(match[2] as string);
  }
  return found;
}
