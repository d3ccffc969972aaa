// Redoc 3 links its sidebar's title and tag groups as paths from the site's root ("/", "/accounts"):
// it routes them itself on a click, but opened in a new tab or shared they answer 404. Its routes are
// hash routes ("#/accounts" opens the same group), so each such link becomes one as Redoc renders it.
// The build rewrites the links of the page as served (reference.mjs); this catches those Redoc renders
// later (a group opened, the menu re-rendered).
const ROOT_PATH = 'a[href^="/"]:not([href^="//"])';

/** @param {Element} link */
function toHashRoute(link) {
  const href = link.getAttribute("href") ?? "";
  if (href.startsWith("/") && !href.startsWith("//")) link.setAttribute("href", `#${href}`);
}

/** @param {Node} node */
function fixWithin(node) {
  if (!(node instanceof Element)) return;
  if (node.matches(ROOT_PATH)) toHashRoute(node);
  for (const link of node.querySelectorAll(ROOT_PATH)) toHashRoute(link);
}

// The whole body: Redoc renders its search dialog and menus outside its own element.
fixWithin(document.body);
new MutationObserver((records) => {
  for (const record of records) {
    if (record.type === "attributes") fixWithin(record.target);
    for (const node of record.addedNodes) fixWithin(node);
  }
}).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });
