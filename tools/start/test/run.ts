// Starts test/fixtures/start.mjs in its own process group, as a terminal runs `pnpm start`, and
// collects what it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const fixture = fileURLToPath(new URL("./fixtures/start.mjs", import.meta.url));

export interface Run {
  child: ChildProcess;
  marker: string;
  out: () => string;
  err: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  interrupt(): void;
}

export function startRun({
  ports,
  build,
  args = [],
  prepare = [process.execPath, "-e", ""],
}: {
  ports: Record<string, number>;
  build: string[];
  /** The arguments of `pnpm start` (`--static`, `--strict-auth`). */
  args?: string[];
  /** Replaces the emulator's build (the test task runs after it). */
  prepare?: string[];
}): Run {
  const dir = mkdtempSync(join(tmpdir(), "xads-start-"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>site</title><h1>site</h1>");
  const marker = `XADS_TEST_MARK_${randomUUID()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [marker]: "1",
    XADS_TEST_BUILD: JSON.stringify(build),
    XADS_TEST_PREPARE: JSON.stringify(prepare),
    XADS_TEST_DOCS_DIR: dir,
    XADS_TEST_LOG: join(dir, "start.log"),
  };
  for (const [name, port] of Object.entries(ports))
    env[`XADS_PORT_${name.toUpperCase().replaceAll("-", "_")}`] = String(port);
  const child = spawn(process.execPath, [fixture, ...args], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk) => {
    out += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    err += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on("exit", (code, signal) => done({ code, signal })),
  );
  return {
    child,
    marker,
    out: () => out,
    err: () => err,
    exited,
    async waitFor(text, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      const found = () => (typeof text === "string" ? out.includes(text) : text.test(out));
      while (!found()) {
        if (child.exitCode !== null)
          throw new Error(`start exited (${child.exitCode}) before printing ${text}:\n${out}\n${err}`);
        if (Date.now() > deadline)
          throw new Error(`start did not print ${text} within ${timeoutMs} ms:\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return out;
    },
    interrupt() {
      // A terminal's Ctrl-C reaches the whole foreground process group.
      process.kill(-(child.pid as number), "SIGINT");
    },
  };
}
