// Runs `redocly respect` on Node 24 and reads its JSON report.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NODE24, RESPECT_CLI } from "./paths.mjs";

/**
 * @typedef {{ name: string, passed: boolean, message: string }} Check
 * @typedef {{ stepId: string, status: string, checks: Check[], request?: { method: string, url: string } }} StepResult
 * @typedef {{ file: string, workflowId: string, passed: boolean, steps: StepResult[] }} WorkflowResult
 */

/**
 * @param {{ files: string[], servers: Record<string, string>, only?: string[],
 *   verbose?: boolean, onOutput?: (text: string) => void }} options
 * @returns {Promise<{ code: number, results: WorkflowResult[] }>}
 */
export async function runRespect({ files, servers, only = [], verbose = false, onOutput }) {
  if (!existsSync(NODE24)) throw new Error("respect runs on tools/node24's Node 24: run `npx -y pnpm@10 install`");
  const dir = mkdtempSync(join(tmpdir(), "xads-respect-"));
  const report = join(dir, "report.json");
  const args = [
    RESPECT_CLI,
    "respect",
    ...files,
    "--server",
    Object.entries(servers)
      .map(([name, url]) => `${name}=${url}`)
      .join(","),
    "--json-output",
    report,
    ...only.flatMap((id) => ["--workflow", id]),
    ...(verbose ? ["--verbose"] : []),
  ];
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1", FORCE_COLOR: "0" };
  try {
    const code = await new Promise((resolve, reject) => {
      const child = spawn(NODE24, args, { env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (chunk) => onOutput?.(String(chunk)));
      child.stderr.on("data", (chunk) => onOutput?.(String(chunk)));
      child.on("error", reject);
      child.on("close", (status) => resolve(status ?? 1));
    });
    if (!existsSync(report)) return { code: Number(code) || 1, results: [] };
    return { code: Number(code), results: readReport(JSON.parse(readFileSync(report, "utf8"))) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {any} json @returns {WorkflowResult[]} */
export function readReport(json) {
  return Object.entries(json.files ?? {}).flatMap(([file, entry]) =>
    /** @type {any} */ (entry.executedWorkflows ?? []).map((/** @type {any} */ workflow) => {
      /** @type {StepResult[]} */
      const attempts = (workflow.executedSteps ?? []).map((/** @type {any} */ step) => ({
        stepId: step.stepId ?? step.workflowId,
        status: step.status,
        checks: (step.checks ?? []).map((/** @type {any} */ c) => ({
          name: c.name,
          passed: c.passed,
          message: c.message,
        })),
        ...(step.request ? { request: { method: step.request.method, url: step.request.url } } : {}),
      }));
      // Respect reports every attempt of a retried step; an attempt a later one of the same step
      // replaced (a poll that was not there yet) is not a failure.
      const steps = attempts.filter(
        (/** @type {StepResult} */ step, /** @type {number} */ i) =>
          !attempts.slice(i + 1).some((/** @type {StepResult} */ later) => later.stepId === step.stepId),
      );
      return {
        file,
        workflowId: workflow.workflowId,
        passed: workflow.status === "success",
        steps,
      };
    }),
  );
}

/** One line per failed check: workflow, step, check and respect's message. */
export function failures(/** @type {WorkflowResult[]} */ results) {
  return results.flatMap((w) =>
    w.steps.flatMap((s) =>
      s.checks
        .filter((c) => !c.passed)
        .map((c) => `${w.workflowId} / ${s.stepId}: ${c.name}: ${c.message.replace(/\s+/g, " ").slice(0, 300)}`),
    ),
  );
}
