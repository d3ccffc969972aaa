// Accessible names Redoc leaves out or gets wrong. It names some menus by their purpose only
// (aria-label "Example", "Request media type") while they show the chosen value, so a voice-control
// user who says what they see ("click multipart") names nothing (WCAG 2.5.3, label in name): each such
// control's name becomes "<purpose>: <shown text>", and follows the text when another value is
// chosen. And a few icon-only buttons have no name at all: they get one.
const PURPOSE = "data-purpose-label";
/** @type {Array<[string, string]>} icon-only controls Redoc leaves unnamed, and their names */
const UNNAMED = [['[data-component-name="Search/SearchInput"] button:not([aria-label])', "Clear the search"]];

/** @param {Element} control */
function nameAfterText(control) {
  const purpose = control.getAttribute(PURPOSE) ?? control.getAttribute("aria-label") ?? "";
  const shown = (control.textContent ?? "").replace(/\s+/g, " ").trim();
  if (!shown || purpose.toLowerCase().includes(shown.toLowerCase())) return;
  const name = `${purpose}: ${shown}`;
  control.setAttribute(PURPOSE, purpose);
  if (control.getAttribute("aria-label") !== name) control.setAttribute("aria-label", name);
}

const CONTROL = "button[aria-label], [role='button'][aria-label]";

/** The control a change happened in (its text, its label). @param {Node | null} node */
function fixAround(node) {
  const element = node instanceof Element ? node : node?.parentElement;
  const control = element?.closest(CONTROL);
  if (control) nameAfterText(control);
}

/** The controls of content Redoc added. @param {Node} node */
function fixWithin(node) {
  if (!(node instanceof Element)) return;
  for (const [selector, name] of UNNAMED) {
    for (const control of node.matches(selector) ? [node] : node.querySelectorAll(selector)) {
      control.setAttribute("aria-label", name);
    }
  }
  if (node.matches(CONTROL)) nameAfterText(node);
  for (const control of node.querySelectorAll(CONTROL)) nameAfterText(control);
}

// The whole body: Redoc renders its search dialog and menus outside its own element.
fixWithin(document.body);
new MutationObserver((records) => {
  for (const record of records) {
    if (record.type === "attributes" && record.attributeName === "aria-label") {
      const target = /** @type {Element} */ (record.target);
      // Redoc set a new purpose (not our own "<purpose>: <text>").
      if (!target.getAttribute("aria-label")?.startsWith(`${target.getAttribute(PURPOSE)}: `)) {
        target.removeAttribute(PURPOSE);
      }
    }
    fixAround(record.target);
    for (const node of record.addedNodes) fixWithin(node);
  }
}).observe(document.body, {
  subtree: true,
  childList: true,
  characterData: true,
  attributes: true,
  attributeFilter: ["aria-label"],
});
