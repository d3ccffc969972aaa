import { listDocuments } from "../lib/documents.mjs";

/** The documents: name, title, bundle (absolute path) and mock port. */
export const documents = listDocuments();
