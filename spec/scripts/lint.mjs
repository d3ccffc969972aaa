// Lints the hand-written sources: the registry block, what the x-rules kinds generate
// (x-rules.schema.json, the kinds tables), then Redocly with redocly.yaml's rules (its own and the xads
// plugin's, plugins/: layout, operationIds, x-rules), then the change history.
import { checkHistory } from "./check-history.mjs";
import { documents } from "./documents.mjs";
import { redocly } from "./redocly.mjs";
import { checkRegistry } from "./registry.mjs";
import { checkXRules } from "./x-rules-schema.mjs";

const registryProblems = checkRegistry();
for (const problem of registryProblems) console.error(`registry: ${problem}`);
if (registryProblems.length > 0) process.exit(1);

const xRulesProblems = checkXRules();
for (const problem of xRulesProblems) console.error(`x-rules: ${problem}`);
if (xRulesProblems.length > 0) process.exit(1);

// One run for every source: xads/operation-id-unique compares the ids of the documents it lints.
redocly("lint", "--max-problems", "1000", ...documents.map((d) => d.name));
const historyProblems = checkHistory();
for (const problem of historyProblems) console.error(`history: ${problem}`);
if (historyProblems.length > 0) process.exit(1);
console.log("history: history/changes.yaml has the shape of history/changes.schema.json");
