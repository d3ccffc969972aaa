// The proof: every workflow of every file of spec/workflows runs to the end and passes with the runner,
// against a strict in-process emulator (signatures checked, rate limits on) reached through the
// signing fetch - one emulator per file, its workflows in file order, as respect runs them. And a
// workflow with one criterion changed fails, naming the check.
import { basename } from "node:path";
import { createSigningFetch } from "@xads/client/signing-fetch";
import { createEmulator } from "@xads/emulator";
import { readArazzo, workflowFiles } from "@xads/spec/lib/workflows.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationTable } from "../../src/operation-table.mjs";
import { runWorkflowToEnd } from "../../src/runner/index.mjs";

/** @typedef {import("../../src/runner/index.mjs").RunEvent} RunEvent */

/** @param {import("@xads/emulator").Emulator} emulator */
function runnerOptions(emulator) {
  return {
    fetch: createSigningFetch({ credentials: emulator.fixture, fetch: (request) => emulator.fetch(request) }),
    // A retry's wait moves the emulator's clock instead of real time: the emulator's processing (an
    // upload's pending, in_progress, succeeded) follows its clock, so polling costs no real time.
    sleep: async (/** @type {number} */ ms) => {
      emulator.clock.advance(ms);
    },
  };
}

/**
 * What went wrong in a run, for the assertion's message: failed checks and errors.
 * @param {RunEvent[]} events
 */
function problems(events) {
  return events.flatMap((event) => {
    if (event.kind === "error") return [`${event.path.join(" > ")} ${event.stepId ?? ""}: ${event.message}`];
    if (event.kind !== "step" || event.next !== "fail") return [];
    return event.checks
      .filter((check) => !check.passed)
      .map((check) => `${event.path.join(" > ")} ${event.stepId}: ${check.message}`);
  });
}

describe.each(workflowFiles().map((file) => [basename(file), file]))("%s with the runner", (_name, file) => {
  const document = readArazzo(file);
  const operations = operationTable(file);
  /** @type {import("@xads/emulator").Emulator} */
  let emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ auth: "strict", rateLimits: true });
  });
  afterAll(() => {
    // Every request was signed as the strict emulator wants (the token invalidation workflows use a
    // revoked token on purpose).
    const refused = emulator.requests.filter((r) => r.status === 401 && !r.url.includes("invalidate_token"));
    expect(refused.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  /** @type {string[]} */
  const workflowIds = document.workflows.map((/** @type {{ workflowId: string }} */ w) => w.workflowId);
  it.each(workflowIds)("%s passes", async (workflowId) => {
    const result = await runWorkflowToEnd({ document, workflowId, operations, ...runnerOptions(emulator) });
    expect(problems(result.events)).toEqual([]);
    expect(result.passed).toBe(true);
    const steps = result.events.filter((event) => event.kind === "step");
    expect(steps.length).toBeGreaterThan(0);
    expect(result.events.at(-1)).toMatchObject({ kind: "workflow-end", path: [workflowId], passed: true });
  });
});

describe("a workflow with a criterion changed", () => {
  it("fails at that step, with the check's message", async () => {
    const file = workflowFiles().find((f) => basename(f) === "campaign-management.arazzo.yaml");
    if (!file) throw new Error("no campaign-management.arazzo.yaml");
    const document = readArazzo(file);
    const workflow = document.workflows.find(
      (/** @type {{ workflowId: string }} */ w) => w.workflowId === "sandboxAccount",
    );
    workflow.steps[0].successCriteria[1].condition = "$response.body#/data/0/deleted == true";
    const emulator = await createEmulator({ auth: "strict", rateLimits: true });
    const result = await runWorkflowToEnd({
      document,
      workflowId: "sandboxAccount",
      operations: operationTable(file),
      ...runnerOptions(emulator),
    });
    expect(result.passed).toBe(false);
    const steps = result.events.filter((event) => event.kind === "step");
    expect(steps).toHaveLength(1);
    const [step] = steps;
    expect(step).toMatchObject({ stepId: "createAccount", passed: false, next: "fail" });
    const failed = step?.kind === "step" ? step.checks.filter((check) => !check.passed) : [];
    expect(failed.map((check) => check.message)).toEqual(["$response.body#/data/0/deleted == true: false"]);
    expect(result.events.at(-1)).toMatchObject({ kind: "workflow-end", passed: false, outputs: {} });
  });
});
