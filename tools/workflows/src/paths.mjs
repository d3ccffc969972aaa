// Where Node 24 and respect live.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** tools/node24's binary: respect needs Node 22.12+ to run without its engine warning. */
export { node24 as NODE24 } from "../../node24/binary.mjs";
export const RESPECT_CLI = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
