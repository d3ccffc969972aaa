// Serves a module-worker bundle with workerd on a free loopback port, fetches its report once and
// stops it. The config is Cap'n Proto text. Node compatibility is off, so the worker has the Web
// platform only, as a Worker written without Node APIs has: from compatibility date 2026-08-04 on,
// workerd turns `nodejs_compat` (v2: the `node:` modules and the Buffer and process globals) on by
// default, so the config turns both versions off by their `no_` flags.
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { SmokeReport } from "../smoke/report.js";
import { readReport } from "./read-report.js";

/** Not later than the date of the pinned workerd release, which refuses newer ones. */
export const COMPATIBILITY_DATE = "2026-11-01";

const CONFIG = `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "smoke", worker = .smoke)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "smoke")],
);

const smoke :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = ["no_nodejs_compat", "no_nodejs_compat_v2"],
);
`;

/** The port workerd reports on its control descriptor (fd 3) once the socket listens. */
function listeningPort(child: ChildProcess, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`workerd ${why}: ${stderr().trim()}`));
    };
    const timer = setTimeout(() => fail("did not listen within 30 s"), 30_000);
    createInterface({ input: child.stdio[3] as Readable }).on("line", (line) => {
      const message = JSON.parse(line) as { event?: string; socket?: string; port?: number };
      if (message.event === "listen" && message.socket === "http" && message.port) {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    child.once("error", (error) => fail(`did not start (${error.message})`));
    child.once("exit", (code, signal) => fail(`ended with ${signal ?? `exit code ${code}`} before listening`));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function runOnWorkerd(workerd: string, bundleFile: string): Promise<SmokeReport> {
  const dir = mkdtempSync(join(tmpdir(), "xads-workerd-"));
  copyFileSync(bundleFile, join(dir, "worker.js"));
  writeFileSync(join(dir, "config.capnp"), CONFIG);
  const child = spawn(workerd, ["serve", "config.capnp", "--control-fd=3"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout?.resume();
  try {
    const port = await listeningPort(child, () => stderr);
    const answer = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(60_000) });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`the worker answered ${answer.status}: ${text.slice(0, 500)} ${stderr.trim()}`);
    return readReport(text, "worker's answer");
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
