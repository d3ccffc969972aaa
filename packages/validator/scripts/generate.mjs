// Generates src/generated/ from the operation catalogue's documents (loadCatalogue(): the registry
// @xads/spec/documents.json and its bundles; turbo runs it after the spec bundle and before build). A
// problem fails the run with a message naming what to fix.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import { GenerateError, generateModules } from "./generate-modules.mjs";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");

const catalogue = loadCatalogue();
const documents = catalogue.documents.map((d) => ({
  name: d.name,
  bundle: catalogue.spec.document(d.name).bundle(),
  operations: d.operations,
}));

try {
  const written = generateModules(documents, outDir);
  const byDocument = documents
    .map((d) => `${d.name} ${written.filter((w) => w.document === d.name).length}`)
    .join(", ");
  const rules = written.reduce((sum, w) => sum + w.rules, 0);
  console.log(`@xads/validator: generated ${written.length} operations (${byDocument}), ${rules} x-rules`);
} catch (error) {
  if (!(error instanceof GenerateError)) throw error;
  console.error(`@xads/validator generate failed: ${error.message}`);
  process.exit(1);
}
