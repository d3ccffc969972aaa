// Spawns one Prism mock for a bundle on a free loopback port (or, given an upstream, a `prism proxy
// --errors` that validates every request and answer against the bundle). Ready means Prism itself said it
// listens (an HTTP probe could be answered by another process that took the port); a port taken
// between choosing and binding it gets a new port, a few times.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { freePort } from "./free-port.mjs";

const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");
const LISTENING = "Prism is listening on";
const PORT_ATTEMPTS = 5;

/**
 * @param {{ bundle: string, port: number, host: string, upstream?: string, onOutput?: (chunk: string) => void, timeoutMs: number }} options
 * @returns {Promise<{ child: import("node:child_process").ChildProcess } | { portTaken: true }>}
 */
function spawnOnce({ bundle, port, host, upstream, onOutput, timeoutMs }) {
  const command = upstream ? ["proxy", bundle, upstream, "--errors"] : ["mock", bundle];
  const child = spawn(process.execPath, [prismBin, ...command, "-p", String(port), "-h", host], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolveSpawn, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      stopChild(child, { force: true }).then(() =>
        reject(new Error(`Prism for ${bundle} did not listen on ${host}:${port} within ${timeoutMs} ms`)),
      );
    }, timeoutMs);
    /** @param {Buffer} chunk */
    const watch = (chunk) => {
      const text = chunk.toString();
      onOutput?.(text);
      if (output.includes(LISTENING)) return;
      output = (output + text).slice(-10_000);
      if (output.includes(LISTENING)) {
        clearTimeout(timer);
        child.off("exit", onEarlyExit);
        resolveSpawn({ child });
      }
    };
    /** @param {number | null} code */
    const onEarlyExit = (code) => {
      clearTimeout(timer);
      if (output.includes("EADDRINUSE")) resolveSpawn({ portTaken: true });
      else
        reject(
          new Error(`Prism for ${bundle} exited with code ${code} before listening: ${output.trim().slice(-500)}`),
        );
    };
    child.stdout.on("data", watch);
    child.stderr.on("data", watch);
    child.once("exit", onEarlyExit);
  });
}

/**
 * Starts Prism on a free port; resolves once it listens. With `upstream`, `prism proxy --errors` to it.
 * @param {{ bundle: string, host: string, upstream?: string, onOutput?: (chunk: string) => void, timeoutMs: number }} options
 * @returns {Promise<{ child: import("node:child_process").ChildProcess, port: number }>}
 */
export async function spawnPrism(options) {
  for (let attempt = 1; attempt <= PORT_ATTEMPTS; attempt += 1) {
    const port = await freePort();
    const started = await spawnOnce({ ...options, port });
    if ("child" in started) return { child: started.child, port };
  }
  throw new Error(`Prism for ${options.bundle} found every port it tried taken (${PORT_ATTEMPTS} attempts)`);
}

/**
 * Ends a child process: SIGTERM, or SIGKILL when `force` is set; resolves once it has exited.
 * @param {import("node:child_process").ChildProcess} child
 * @param {{ force?: boolean }} [options]
 * @returns {Promise<void>}
 */
export function stopChild(child, { force = false } = {}) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill(force ? "SIGKILL" : "SIGTERM");
  });
}
