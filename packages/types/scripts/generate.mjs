// Generates one TypeScript module per document with openapi-typescript, from the bundles the spec
// model lists (loadSpec(): spec/documents.json, spec/dist).
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import openapiTS, { astToString } from "openapi-typescript";
import { openResponseEnums } from "./open-response-enums.mjs";

const outDir = join(dirname(fileURLToPath(import.meta.url)), "../src/generated");
mkdirSync(outDir, { recursive: true });

for (const document of loadSpec().documents) {
  // A copy: the model's bundle is shared, and the generator may annotate what it is given.
  const schema = /** @type {import("openapi-typescript").OpenAPI3} */ (structuredClone(document.bundle()));
  // An open object (`type: object` with no properties) reads as a record of unknown values, not of never.
  // A response-only enum field is typed as its known values or any other string (open-response-enums.mjs).
  const ast = await openapiTS(schema, {
    exportType: false,
    alphabetize: false,
    emptyObjectsUnknown: true,
    transformProperty: openResponseEnums(schema),
  });
  const header = `// Generated from spec/dist/${basename(document.bundlePath)} by openapi-typescript. Do not edit: run \`pnpm build\`.\n\n`;
  writeFileSync(join(outDir, `${document.name}.ts`), header + astToString(ast));
  console.log(`types: src/generated/${document.name}.ts`);
}
