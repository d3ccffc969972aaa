import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { specDir } from "../lib/model.mjs";

export { specDir };

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");

/**
 * Runs the Redocly CLI in spec/ with telemetry off; exits the process when it fails.
 * @param {...string} args
 */
export function redocly(...args) {
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd: specDir,
    stdio: ["ignore", "inherit", "pipe"],
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    encoding: "utf8",
  });
  const stderr = run.stderr.replace(/\n\s*╔[\s\S]*?╝\n/g, "\n");
  process.stderr.write(stderr);
  if (run.status !== 0) process.exit(run.status ?? 1);
}
