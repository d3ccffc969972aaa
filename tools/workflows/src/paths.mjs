// Where Node 24 and respect live.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");
/** tools/node24's own binary: respect needs Node 22.12+ to run without its engine warning. */
export const NODE24 = join(ROOT, "tools/node24/node_modules/node/bin/node");
export const RESPECT_CLI = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
