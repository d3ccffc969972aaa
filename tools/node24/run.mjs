// Runs the unit and contract suites on Node 24 (this package's `node` dependency) beside the
// machine's Node: puts Node 24's bin directory first on PATH, so turbo, pnpm, vitest and the Prism
// mocks the suites spawn all run on it. XADS_TEST_NODE joins the test tasks' cache key (turbo.json),
// so a Node 20 result is never replayed as a Node 24 one, and lets the release suite check the
// version it runs on. The browser suite (@xads/docs) is left to the main run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { node24BinDir } from "./binary.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const nodeBin = node24BinDir;
if (!existsSync(join(nodeBin, "node"))) {
  console.error("test:node24: Node 24 is not installed in tools/node24: run `pnpm install`");
  process.exit(1);
}
const version = spawnSync(join(nodeBin, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim();
if (!version?.startsWith("v24.")) {
  console.error(`test:node24: tools/node24 runs ${version ?? "nothing"}, expected v24.x`);
  process.exit(1);
}
console.log(`test:node24: running the suites on Node ${version}`);

const env = {
  ...process.env,
  PATH: `${nodeBin}${delimiter}${process.env.PATH}`,
  XADS_TEST_NODE: version.slice(1),
  REDOCLY_TELEMETRY: "off",
  TURBO_TELEMETRY_DISABLED: "1",
};
/** @param {string} command @param {string[]} args @returns {number} */
const step = (command, args) => spawnSync(command, args, { cwd: root, env, stdio: "inherit" }).status ?? 1;
const turbo = join(root, "node_modules/.bin/turbo");
const code = step(turbo, ["run", "test", "--filter=!@xads/docs", "--continue", ...process.argv.slice(2)]);
const summary = step("node", [join(root, "scripts/test-summary.mjs")]);
process.exit(code || summary);
