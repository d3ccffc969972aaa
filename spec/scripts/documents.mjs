import { loadSpec } from "../lib/model.mjs";

/** The documents of the registry (spec/documents.json), through the spec model. */
export const documents = loadSpec().documents;
