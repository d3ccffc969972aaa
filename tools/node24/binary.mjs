// Where this package's Node 24 lives: its own binary, not node_modules/.bin/node (that shim also sets
// NODE_PATH to the whole pnpm store, which would hide a missing dependency).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The directory holding the `node` binary of Node 24. */
export const node24BinDir = join(dirname(fileURLToPath(import.meta.url)), "node_modules/node/bin");

/** The `node` binary of Node 24. */
export const node24 = join(node24BinDir, "node");
