// Tables and code blocks wider than a phone scroll inside their own box, so the page itself never
// scrolls sideways. A box that scrolls must be reachable by keyboard (focusable) and named, so each
// gets tabindex="0", a role and a label taken from the heading it sits under.

const HEADING = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g;
const BLOCK = /<table\b[\s\S]*?<\/table>|<pre\b[^>]*>/g;

/**
 * The text of a fragment of HTML: tags dropped, whitespace collapsed; entities stay escaped, so the
 * result may go into an attribute as it is.
 * @param {string} html
 */
const textOf = (html) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replaceAll('"', "&quot;");

/**
 * Where `index` sits: the texts of the headings above it, innermost last (an h4 under an h3 gives
 * both), at most the two innermost.
 * @param {Array<{ index: number, level: number, text: string }>} headings in document order
 * @param {number} index
 */
function headingPath(headings, index) {
  /** @type {Array<{ level: number, text: string }>} */
  const path = [];
  for (const heading of headings) {
    if (heading.index > index) break;
    while (path.length > 0 && (path.at(-1)?.level ?? 0) >= heading.level) path.pop();
    path.push(heading);
  }
  return path
    .slice(-2)
    .map((h) => h.text)
    .join(", ");
}

/**
 * `body` with every table wrapped in a focusable, labelled scroll box and every `<pre>` made
 * focusable and labelled (it scrolls itself). Labels name the headings above the block and are unique
 * within the page (a repeated one is numbered).
 * @param {string} body HTML of a page's main content
 */
export function scrollRegions(body) {
  const headings = [...body.matchAll(HEADING)].map((m) => ({
    index: m.index ?? 0,
    level: Number(m[1]),
    text: textOf(m[2] ?? ""),
  }));
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @param {string} label */
  const unique = (label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} (${count})`;
  };
  return body.replace(BLOCK, (block, index) => {
    const under = headingPath(headings, index);
    if (block.startsWith("<pre")) {
      const label = unique(under ? `Code: ${under}` : "Code");
      return `${block.slice(0, -1)} tabindex="0" role="region" aria-label="${label}">`;
    }
    const label = unique(under ? `Table: ${under}` : "Table");
    return `<div class="scroll-x" tabindex="0" role="region" aria-label="${label}">${block}</div>`;
  });
}
