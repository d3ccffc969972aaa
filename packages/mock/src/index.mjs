// Starts one Prism mock per bundled document that has operations, waits until each answers, and
// stops them all on request. Used by the main job (fixed ports) and the test suites (free ports).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { listDocuments } from "@xads/spec/lib/documents.mjs";

const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");

export { listDocuments };

/** True when the bundle declares at least one operation. */
export function hasOperations(bundlePath) {
  const { paths = {} } = JSON.parse(readFileSync(bundlePath, "utf8"));
  return Object.keys(paths).length > 0;
}

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilAnswering(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Prism for ${url} exited with code ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`Prism did not answer on ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the mocks. Options: `names` (default: every document with operations), `ports`
 * ("fixed" uses documents.json, "free" picks free ports), `host`, `onOutput(name, chunk)`.
 * Resolves to { servers: [{ name, title, url, port }], stop() }.
 */
export async function startMocks({ names, ports = "free", host = "127.0.0.1", onOutput, timeoutMs = 60_000 } = {}) {
  const selected = listDocuments().filter((d) => (names ? names.includes(d.name) : hasOperations(d.bundle)));
  const children = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", done);
            child.kill("SIGTERM");
          }),
      ),
    );
  };
  try {
    const servers = await Promise.all(
      selected.map(async (document) => {
        const port = ports === "fixed" ? document.mockPort : await freePort();
        const child = spawn(process.execPath, [prismBin, "mock", document.bundle, "-p", String(port), "-h", host], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        children.push(child);
        const forward = (chunk) => onOutput?.(document.name, chunk.toString());
        child.stdout.on("data", forward);
        child.stderr.on("data", forward);
        const url = `http://${host}:${port}`;
        await waitUntilAnswering(url, child, timeoutMs);
        return { name: document.name, title: document.title, url, port };
      }),
    );
    return { servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
