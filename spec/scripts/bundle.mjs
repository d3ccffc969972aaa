// Bundles each document into dist/<name>.json, then lints the bundles and their x-rules.
import { checkRules } from "./check-rules.mjs";
import { documents } from "./documents.mjs";
import { redocly } from "./redocly.mjs";

redocly("bundle", ...documents.map((d) => d.name));
redocly("lint", "--max-problems", "1000", ...documents.map((d) => `${d.name}-bundle`));
const problems = checkRules();
for (const problem of problems) console.error(`x-rules: ${problem}`);
if (problems.length > 0) process.exit(1);
console.log("x-rules: every rule has the documented shape and names parameters that exist");
