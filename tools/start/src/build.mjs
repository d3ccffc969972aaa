// Runs the build of the reference site (and the bundles it reads) in the background: its output goes
// to the log, and is kept (the last MAX_KEPT characters) to show in full when the build fails.
import { spawn } from "node:child_process";

const MAX_KEPT = 1_000_000;

/** @typedef {{ code: number, signal?: NodeJS.Signals | null, output: string }} BuildResult */

/**
 * Starts `command args`; `done` resolves to { code, output } when it exits.
 * @param {{
 *   command: string,
 *   args: string[],
 *   cwd: string,
 *   env: NodeJS.ProcessEnv,
 *   log: import("./log.mjs").Log,
 * }} options
 */
export function runBuild({ command, args, cwd, env, log }) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    const text = chunk.toString();
    log.write("build", text);
    output = (output + text).slice(-MAX_KEPT);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  /** @type {Promise<BuildResult>} */
  const done = new Promise((resolveDone) => {
    child.on("error", (error) => resolveDone({ code: 1, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolveDone({ code: code ?? (signal ? 1 : 0), signal, output }));
  });
  return { child, done };
}
