// Writes what the x-rules kinds registry (rules/index.mjs, one module per kind under rules/kinds/)
// generates: x-rules.schema.json and the kinds tables of README.md and packages/validator/README.md.
// lint.mjs fails when a committed one differs (checkXRules).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { specDir } from "../lib/model.mjs";
import { checkGenerated, generatedFiles } from "../rules/generate.mjs";
import { registry } from "../rules/index.mjs";

const root = join(specDir, "..");

/** Problems when a generated file differs from what the registry gives. */
export function checkXRules(kinds = registry, dir = root) {
  return checkGenerated(kinds, dir);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const { path, expected } of generatedFiles(registry)) {
    const current = readFileSync(join(root, path), "utf8");
    const next = expected(current);
    if (next !== current) writeFileSync(join(root, path), next);
    console.log(`x-rules: ${next === current ? "unchanged" : "wrote"} ${path}`);
  }
}
