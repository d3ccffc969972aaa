// Lints the hand-written sources: Redocly rules (redocly.yaml) plus the layout conventions.
import { checkHistory } from "./check-history.mjs";
import { checkLayout } from "./check-layout.mjs";
import { documents } from "./documents.mjs";
import { redocly } from "./redocly.mjs";
import { checkRegistry } from "./registry.mjs";

const registryProblems = checkRegistry();
for (const problem of registryProblems) console.error(`registry: ${problem}`);
if (registryProblems.length > 0) process.exit(1);

redocly("lint", "--max-problems", "1000", ...documents.map((d) => d.name));
const problems = checkLayout();
for (const problem of problems) console.error(`layout: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log("layout: every operation file is named after its operationId and referenced once");
const historyProblems = checkHistory();
for (const problem of historyProblems) console.error(`history: ${problem}`);
if (historyProblems.length > 0) process.exit(1);
console.log("history: history/changes.yaml has the shape of history/changes.schema.json");
