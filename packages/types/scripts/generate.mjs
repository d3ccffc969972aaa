// Generates one TypeScript module per bundle with openapi-typescript. Reads only spec/dist.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const require = createRequire(import.meta.url);
const specDir = dirname(require.resolve("@xads/spec/documents.json"));
const documents = JSON.parse(readFileSync(join(specDir, "documents.json"), "utf8"));
const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");
mkdirSync(outDir, { recursive: true });

for (const { name, bundle } of documents) {
  const schema = JSON.parse(readFileSync(join(specDir, bundle), "utf8"));
  const ast = await openapiTS(schema, { exportType: false, alphabetize: false });
  const header = `// Generated from spec/${bundle} by openapi-typescript. Do not edit: run \`pnpm build\`.\n\n`;
  writeFileSync(join(outDir, `${name}.ts`), header + astToString(ast));
  console.log(`types: src/generated/${name}.ts`);
}
