// The documents of spec/documents.json with absolute bundle paths: the one place every generator,
// the mock and the spec scripts read the list from.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The spec/ folder. */
export const specDir = join(dirname(fileURLToPath(import.meta.url)), "..");

/** [{ name, title, bundle (absolute path), mockPort }] in the order of documents.json. */
export function listDocuments(dir = specDir) {
  const documents = JSON.parse(readFileSync(join(dir, "documents.json"), "utf8"));
  return documents.map((d) => ({ ...d, bundle: join(dir, d.bundle) }));
}

/** Parses a document's bundle. */
export function readBundle(document) {
  return JSON.parse(readFileSync(document.bundle, "utf8"));
}
