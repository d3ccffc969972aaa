// Spawns one Prism mock for a bundle on a loopback port and waits until it answers.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");

async function waitUntilAnswering(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism for ${url} exited with code ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`Prism did not answer on ${url} within ${timeoutMs} ms`);
}

/** Starts Prism; resolves to the child process once it answers on `http://host:port`. */
export async function spawnPrism({ bundle, port, host, onOutput, timeoutMs }) {
  const child = spawn(process.execPath, [prismBin, "mock", bundle, "-p", String(port), "-h", host], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const forward = (chunk) => onOutput?.(chunk.toString());
  child.stdout.on("data", forward);
  child.stderr.on("data", forward);
  try {
    await waitUntilAnswering(`http://${host}:${port}`, child, timeoutMs);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return child;
}

/** Ends a child process: SIGTERM, or SIGKILL when `force` is set; resolves once it has exited. */
export function stopChild(child, { force = false } = {}) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill(force ? "SIGKILL" : "SIGTERM");
  });
}
