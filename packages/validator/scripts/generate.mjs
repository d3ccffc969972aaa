// Generates src/generated/ from the bundles listed in @xads/spec/documents.json (turbo runs it after
// the spec bundle and before build). A problem fails the run with a message naming what to fix.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listDocuments, readBundle } from "@xads/spec/lib/documents.mjs";
import { GenerateError, generateModules } from "./generate-modules.mjs";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");

const bundles = listDocuments().map((d) => ({ name: d.name, document: readBundle(d) }));

try {
  const written = generateModules(bundles, outDir);
  const byDocument = bundles.map((b) => `${b.name} ${written.filter((w) => w.document === b.name).length}`).join(", ");
  const rules = written.reduce((sum, w) => sum + w.rules, 0);
  console.log(`@xads/validator: generated ${written.length} operations (${byDocument}), ${rules} x-rules`);
} catch (error) {
  if (!(error instanceof GenerateError)) throw error;
  console.error(`@xads/validator generate failed: ${error.message}`);
  process.exit(1);
}
