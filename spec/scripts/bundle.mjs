// Bundles each document into dist/<name>.json, then lints the bundles (the xads x-rules checks
// included) in one run, then the Arazzo workflows: Redocly's Arazzo rules (workflows/redocly.yaml)
// and, through the spec model, that every step names an operation of the fresh bundles.
import { readdirSync } from "node:fs";
import { checkWorkflows } from "./check-workflows.mjs";
import { documents } from "./documents.mjs";
import { redocly, specDir } from "./redocly.mjs";

redocly("bundle", ...documents.map((d) => d.name));
redocly("lint", "--max-problems", "1000", ...documents.map((d) => `${d.name}-bundle`));

const workflowFiles = readdirSync(`${specDir}/workflows`)
  .filter((name) => name.endsWith(".arazzo.yaml") || name === "emulator-controls.yaml")
  .map((name) => `workflows/${name}`);
redocly("lint", "--config", "workflows/redocly.yaml", ...workflowFiles);
const problems = checkWorkflows();
for (const problem of problems) console.error(`workflows: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`workflows: ${workflowFiles.length} files name only operations of the documents`);
