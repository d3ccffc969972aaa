// Runs a bundle on a command-line runtime (Node, Bun, Deno) and reads the report it prints last.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { SmokeReport } from "../smoke/report.js";
import { readReport } from "./read-report.js";

const run = promisify(execFile);

/** The tests' environment, less what would change how a runtime loads code, with update checks off. */
function runtimeEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, NODE_PATH: _path, ...env } = process.env;
  return { ...env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", DO_NOT_TRACK: "1" };
}

export async function runOnProcess(binary: string, args: readonly string[]): Promise<SmokeReport> {
  const { stdout } = await run(binary, [...args], { env: runtimeEnv(), timeout: 60_000 }).catch((error: unknown) => {
    const { stderr, code, signal } = error as { stderr?: string; code?: number | string; signal?: string };
    throw new Error(`${binary} ${args.join(" ")} ended with ${signal ?? `exit code ${code}`}: ${stderr?.trim()}`);
  });
  const lines = stdout.trim().split("\n");
  return readReport(lines[lines.length - 1] ?? "", "output");
}

/** The first line a binary prints for `--version`. */
export async function versionOf(binary: string): Promise<string> {
  const { stdout } = await run(binary, ["--version"], { env: runtimeEnv(), timeout: 30_000 });
  return stdout.trim().split("\n")[0] ?? "";
}
