// Bundles each document into dist/<name>.json, then lints the bundles (the xads x-rules checks
// included) in one run, then the Arazzo workflows: Redocly's Arazzo rules (workflows/redocly.yaml)
// and, through the spec model, that every step names an operation of the fresh bundles.
import { relative } from "node:path";
import { workflowFiles, workflowsDir } from "../lib/workflows.mjs";
import { checkWorkflows } from "./check-workflows.mjs";
import { documents } from "./documents.mjs";
import { redocly, specDir } from "./redocly.mjs";

redocly("bundle", ...documents.map((d) => d.name));
redocly("lint", "--max-problems", "1000", ...documents.map((d) => `${d.name}-bundle`));

// The Arazzo files and the emulator-controls description their clock steps use.
const linted = [...workflowFiles(), `${workflowsDir}/emulator-controls.yaml`].map((file) => relative(specDir, file));
redocly("lint", "--config", "workflows/redocly.yaml", ...linted);
const problems = checkWorkflows();
for (const problem of problems) console.error(`workflows: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(`workflows: ${linted.length - 1} files name only operations of the documents`);
