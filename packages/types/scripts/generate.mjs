// Generates one TypeScript module per bundle with openapi-typescript. Reads only spec/dist.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listDocuments } from "@xads/spec/lib/documents.mjs";
import openapiTS, { astToString } from "openapi-typescript";

const documents = listDocuments();
const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");
mkdirSync(outDir, { recursive: true });

for (const { name, bundle } of documents) {
  const schema = JSON.parse(readFileSync(bundle, "utf8"));
  const ast = await openapiTS(schema, { exportType: false, alphabetize: false });
  const header = `// Generated from spec/dist/${basename(bundle)} by openapi-typescript. Do not edit: run \`pnpm build\`.\n\n`;
  writeFileSync(join(outDir, `${name}.ts`), header + astToString(ast));
  console.log(`types: src/generated/${name}.ts`);
}
