// Where an operation lives on the site: Redoc's hash route `#/<tag slug>/<operationId, lower case>`.

/**
 * Redoc's slug of a tag name: lower case, runs of spaces as one hyphen.
 * @param {string} name
 */
export function tagSlug(name) {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/**
 * The reference page of a document.
 * @param {string} documentName
 */
export function pageOf(documentName) {
  return `${documentName}.html`;
}

/**
 * The deep link (relative URL) of an operation on its document's page.
 * @param {string} documentName
 * @param {{ id: string, tags: string[] }} operation an operation of the model
 */
export function operationLink(documentName, operation) {
  const tag = operation.tags[0] ?? "default";
  return `${pageOf(documentName)}#/${tagSlug(tag)}/${operation.id.toLowerCase()}`;
}
