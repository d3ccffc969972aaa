// Bundles each document into dist/<name>.json, then lints the bundles (the xads x-rules checks
// included) in one run.
import { documents } from "./documents.mjs";
import { redocly } from "./redocly.mjs";

redocly("bundle", ...documents.map((d) => d.name));
redocly("lint", "--max-problems", "1000", ...documents.map((d) => `${d.name}-bundle`));
