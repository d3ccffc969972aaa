// Generates src/generated/ from the bundles listed in @xads/spec/documents.json (turbo runs it after
// the spec bundle and before build). A problem fails the run with a message naming what to fix.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GenerateError, generateModules } from "./generate-modules.mjs";

const require = createRequire(import.meta.url);
const documentsPath = require.resolve("@xads/spec/documents.json");
const specDir = dirname(documentsPath);
const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");

const bundles = JSON.parse(readFileSync(documentsPath, "utf8")).map((d) => ({
  name: d.name,
  document: JSON.parse(readFileSync(join(specDir, d.bundle), "utf8")),
}));

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
