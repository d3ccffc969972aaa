// The registry's documents in the flat shape the older readers take; new code reads the model
// (model.mjs) directly.
import { loadSpec, specDir } from "./model.mjs";

export { specDir };

/**
 * [{ name, title, role, bundle (absolute path), mockPort, tryOperation }] in registry order.
 * @param {string} [dir]
 */
export function listDocuments(dir = specDir) {
  return loadSpec(dir).documents.map((d) => ({
    name: d.name,
    title: d.title,
    role: d.role,
    bundle: d.bundlePath,
    mockPort: d.mockPort,
    tryOperation: d.tryOperation,
  }));
}

/**
 * The parsed bundle of a listed document, read once.
 * @param {{ name: string }} document
 */
export function readBundle(document) {
  return loadSpec().document(document.name).bundle();
}
