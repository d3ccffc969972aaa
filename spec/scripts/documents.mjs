import { readFileSync } from "node:fs";
import { join } from "node:path";
import { specDir } from "./redocly.mjs";

/** The four documents: name, title, bundle path (relative to spec/) and mock port. */
export const documents = JSON.parse(readFileSync(join(specDir, "documents.json"), "utf8"));
