// The workflow loop with a fake fetch: retries until a criterion holds (or the limit), goto, end, a
// child workflow's outputs, errors as events, and the bound on requests and gotos.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runWorkflow, runWorkflowToEnd } from "../../src/runner/index.mjs";

/** @typedef {import("../../src/runner/index.mjs").RunEvent} RunEvent */
/** @typedef {import("../../src/runner/criteria.mjs").Criterion} Criterion */

const operations = {
  api: {
    getStatus: { method: "GET", path: "/status/{id}", server: "https://api.test" },
    createItem: { method: "POST", path: "/items", server: "https://api.test" },
  },
};

/**
 * A fetch that answers from `answer` and keeps what it was sent.
 * @param {(request: Request, index: number) => { status?: number, body?: unknown, headers?: Record<string, string> }} answer
 */
function fakeFetch(answer) {
  /** @type {Request[]} */
  const sent = [];
  const fetch = async (/** @type {Request} */ request) => {
    const { status = 200, body = {}, headers = {} } = answer(request, sent.length);
    sent.push(request);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  };
  return { fetch, sent };
}

/** @param {object[]} workflows */
const documentOf = (workflows) => ({
  arazzo: "1.0.1",
  sourceDescriptions: [{ name: "api", url: "api.json" }],
  workflows,
});

/** @param {RunEvent[]} events */
const stepEvents = (events) => events.flatMap((event) => (event.kind === "step" ? [event] : []));

const noSleep = async () => {};

describe("retry", () => {
  const polling = (/** @type {number} */ retryLimit) =>
    documentOf([
      {
        workflowId: "poll",
        steps: [
          {
            stepId: "status",
            operationId: "getStatus",
            parameters: [{ name: "id", in: "path", value: "m1" }],
            successCriteria: [{ condition: "$response.body#/state == 'succeeded'" }],
            onFailure: [
              {
                name: "later",
                type: "retry",
                retryAfter: 2,
                retryLimit,
                criteria: [{ condition: "$statusCode == 200" }],
              },
            ],
            outputs: { state: "$response.body#/state" },
          },
          { stepId: "after", operationId: "createItem" },
        ],
      },
    ]);

  it("sends the step again, after retryAfter, until its criteria hold", async () => {
    const states = ["pending", "in_progress", "succeeded"];
    const { fetch, sent } = fakeFetch((request, index) =>
      request.method === "GET" ? { body: { state: states[index] } } : { body: {} },
    );
    /** @type {number[]} */
    const waits = [];
    const sleep = async (/** @type {number} */ ms) => {
      waits.push(ms);
    };
    const result = await runWorkflowToEnd({ document: polling(10), workflowId: "poll", operations, fetch, sleep });
    expect(result.passed).toBe(true);
    const steps = stepEvents(result.events);
    expect(steps.map((s) => [s.stepId, s.attempt, s.next, s.retryAfterMs])).toEqual([
      ["status", 1, "retry", 2000],
      ["status", 2, "retry", 2000],
      ["status", 3, "continue", undefined],
      ["after", 1, "continue", undefined],
    ]);
    expect(waits).toEqual([2000, 2000]);
    expect(steps[2]?.outputs).toEqual({ state: "succeeded" });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET https://api.test/status/m1",
      "GET https://api.test/status/m1",
      "GET https://api.test/status/m1",
      "POST https://api.test/items",
    ]);
  });

  it("gives up after retryLimit retries: the step fails and the run stops", async () => {
    const { fetch, sent } = fakeFetch(() => ({ body: { state: "pending" } }));
    const result = await runWorkflowToEnd({
      document: polling(2),
      workflowId: "poll",
      operations,
      fetch,
      sleep: noSleep,
    });
    expect(result).toMatchObject({ passed: false, outputs: {} });
    expect(stepEvents(result.events).map((s) => s.next)).toEqual(["retry", "retry", "fail"]);
    expect(sent).toHaveLength(3);
    expect(result.events.at(-1)).toMatchObject({ kind: "workflow-end", workflowId: "poll", passed: false });
  });

  it("applies only when its criteria hold", async () => {
    const { fetch } = fakeFetch(() => ({ status: 500, body: { state: "broken" } }));
    const result = await runWorkflowToEnd({
      document: polling(10),
      workflowId: "poll",
      operations,
      fetch,
      sleep: noSleep,
    });
    expect(stepEvents(result.events).map((s) => s.next)).toEqual(["fail"]);
    expect(stepEvents(result.events)[0]?.checks[0]?.message).toBe(`$response.body#/state == 'succeeded': "broken"`);
  });
});

describe("goto and end", () => {
  it("goes to a step on success, skipping those between", async () => {
    const document = documentOf([
      {
        workflowId: "jump",
        steps: [
          { stepId: "first", operationId: "createItem", onSuccess: [{ name: "skip", type: "goto", stepId: "third" }] },
          { stepId: "second", operationId: "createItem" },
          { stepId: "third", operationId: "getStatus", parameters: [{ name: "id", in: "path", value: "x" }] },
        ],
      },
    ]);
    const { fetch } = fakeFetch(() => ({}));
    const result = await runWorkflowToEnd({ document, workflowId: "jump", operations, fetch });
    expect(result.passed).toBe(true);
    expect(stepEvents(result.events).map((s) => `${s.stepId}:${s.next}`)).toEqual(["first:goto", "third:continue"]);
  });

  it("recovers from a failure with a goto whose criteria hold", async () => {
    const document = documentOf([
      {
        workflowId: "recover",
        steps: [
          {
            stepId: "try",
            operationId: "createItem",
            successCriteria: [{ condition: "$statusCode == 200" }],
            onFailure: [
              { name: "other", type: "goto", stepId: "never", criteria: [{ condition: "$statusCode == 500" }] },
              { name: "fix", type: "goto", stepId: "fix", criteria: [{ condition: "$statusCode == 409" }] },
            ],
          },
          { stepId: "never", operationId: "createItem" },
          { stepId: "fix", operationId: "getStatus", parameters: [{ name: "id", in: "path", value: "x" }] },
        ],
      },
    ]);
    const { fetch } = fakeFetch((request) => ({ status: request.method === "POST" ? 409 : 200 }));
    const result = await runWorkflowToEnd({ document, workflowId: "recover", operations, fetch });
    expect(stepEvents(result.events).map((s) => `${s.stepId}:${s.next}`)).toEqual(["try:goto", "fix:continue"]);
    expect(result.passed).toBe(true);
  });

  it("goes to another workflow, which ends this one", async () => {
    const document = documentOf([
      {
        workflowId: "main",
        steps: [
          { stepId: "start", operationId: "createItem", onSuccess: [{ type: "goto", workflowId: "other" }] },
          { stepId: "skipped", operationId: "createItem" },
        ],
      },
      {
        workflowId: "other",
        steps: [{ stepId: "there", operationId: "getStatus", parameters: [{ name: "id", in: "path", value: "y" }] }],
      },
    ]);
    const { fetch } = fakeFetch(() => ({}));
    const result = await runWorkflowToEnd({ document, workflowId: "main", operations, fetch });
    expect(result.passed).toBe(true);
    expect(stepEvents(result.events).map((s) => `${s.path.join(">")}/${s.stepId}`)).toEqual([
      "main/start",
      "main>other/there",
    ]);
  });

  it("ends the workflow: passed after a success, failed after a failure", async () => {
    const ending = () =>
      documentOf([
        {
          workflowId: "short",
          steps: [
            {
              stepId: "only",
              operationId: "createItem",
              successCriteria: [{ condition: "$statusCode == 200" }],
              onSuccess: [{ name: "done", type: "end" }],
              onFailure: [{ name: "stop", type: "end" }],
              outputs: { status: "$statusCode" },
            },
            { stepId: "unreached", operationId: "createItem" },
          ],
          outputs: { status: "$steps.only.outputs.status" },
        },
      ]);
    const ok = fakeFetch(() => ({ status: 200 }));
    const passed = await runWorkflowToEnd({ document: ending(), workflowId: "short", operations, fetch: ok.fetch });
    expect(passed).toMatchObject({ passed: true, outputs: { status: 200 } });
    expect(ok.sent).toHaveLength(1);
    const bad = fakeFetch(() => ({ status: 400 }));
    const failed = await runWorkflowToEnd({ document: ending(), workflowId: "short", operations, fetch: bad.fetch });
    expect(failed).toMatchObject({ passed: false, outputs: {} });
    expect(stepEvents(failed.events).map((s) => s.next)).toEqual(["end"]);
    expect(bad.sent).toHaveLength(1);
  });
});

describe("child workflows", () => {
  /** @param {Criterion[]} [setupCriteria] the child's step's criteria */
  const documentWith = (setupCriteria) =>
    documentOf([
      {
        workflowId: "setup",
        steps: [
          {
            stepId: "create",
            operationId: "$sourceDescriptions.api.createItem",
            requestBody: { contentType: "application/json", payload: { name: "$inputs.name" } },
            ...(setupCriteria ? { successCriteria: setupCriteria } : {}),
            outputs: { id: "$response.body#/data/id" },
          },
        ],
        outputs: { itemId: "$steps.create.outputs.id", name: "$inputs.name" },
      },
      {
        workflowId: "main",
        steps: [
          {
            stepId: "prepare",
            workflowId: "setup",
            parameters: [{ name: "name", value: "first" }],
            outputs: { itemId: "$outputs.itemId" },
          },
          {
            stepId: "read",
            operationId: "getStatus",
            parameters: [{ name: "id", in: "path", value: "$steps.prepare.outputs.itemId" }],
            successCriteria: [{ condition: "$workflows.setup.outputs.name == 'first'" }],
          },
        ],
        outputs: { itemId: "$steps.prepare.outputs.itemId" },
      },
    ]);

  it("runs the child with the step's parameters as inputs; its outputs are the step's $outputs", async () => {
    const { fetch, sent } = fakeFetch((request) =>
      request.method === "POST" ? { body: { data: { id: "it-7" } } } : {},
    );
    const result = await runWorkflowToEnd({ document: documentWith(), workflowId: "main", operations, fetch });
    expect(result).toMatchObject({ passed: true, outputs: { itemId: "it-7" } });
    expect(await sent[0]?.json()).toEqual({ name: "first" });
    expect(sent[1]?.url).toBe("https://api.test/status/it-7");
    expect(result.events.map((e) => `${e.kind} ${e.path.join(">")}`)).toEqual([
      "workflow-start main",
      "workflow-start main>setup",
      "step main>setup",
      "workflow-end main>setup",
      "step main",
      "workflow-end main",
    ]);
    expect(result.events[1]).toMatchObject({ kind: "workflow-start", parentStepId: "prepare" });
    expect(result.events[3]).toMatchObject({
      kind: "workflow-end",
      passed: true,
      outputs: { itemId: "it-7", name: "first" },
    });
  });

  it("fails the parent when the child fails", async () => {
    const { fetch, sent } = fakeFetch(() => ({ status: 500 }));
    const failing = documentWith([{ condition: "$statusCode == 200" }]);
    const result = await runWorkflowToEnd({ document: failing, workflowId: "main", operations, fetch });
    expect(result.passed).toBe(false);
    expect(sent).toHaveLength(1);
    expect(
      result.events
        .filter((e) => e.kind === "workflow-end")
        .map((e) => [e.workflowId, e.kind === "workflow-end" && e.passed]),
    ).toEqual([
      ["setup", false],
      ["main", false],
    ]);
  });
});

describe("errors become events and fail the run", () => {
  /** @param {object} step */
  const oneStep = (step) =>
    documentOf([
      {
        workflowId: "w",
        steps: [
          { stepId: "s", ...step },
          { stepId: "t", operationId: "createItem" },
        ],
      },
    ]);

  /** @param {object} document @param {(request: Request) => Promise<Response>} [fetch] */
  async function errorOf(document, fetch = fakeFetch(() => ({})).fetch) {
    const result = await runWorkflowToEnd({ document, workflowId: "w", operations, fetch });
    expect(result.passed).toBe(false);
    expect(stepEvents(result.events).filter((s) => s.stepId === "t")).toEqual([]);
    expect(result.events.at(-1)).toMatchObject({ kind: "workflow-end", passed: false });
    return result.events.find((e) => e.kind === "error");
  }

  it("an unknown operation or source", async () => {
    expect(await errorOf(oneStep({ operationId: "deleteEverything" }))).toEqual({
      kind: "error",
      path: ["w"],
      workflowId: "w",
      stepId: "s",
      message: "no operation deleteEverything in the source api",
    });
    expect(await errorOf(oneStep({ operationId: "$sourceDescriptions.nowhere.createItem" }))).toMatchObject({
      message: "no source description nowhere in the operation table",
    });
  });

  it("a bad expression, a bad criterion, a rejected fetch", async () => {
    expect(
      await errorOf(
        oneStep({ operationId: "getStatus", parameters: [{ name: "id", in: "path", value: "$steps.s.output" }] }),
      ),
    ).toMatchObject({ stepId: "s", message: "not a runtime expression this runner reads: $steps.s.output" });
    expect(
      await errorOf(oneStep({ operationId: "createItem", successCriteria: [{ condition: "$statusCode ==" }] })),
    ).toMatchObject({
      stepId: "s",
      message: "a condition ends too early: $statusCode ==",
    });
    const rejecting = async () => {
      throw new TypeError("signing refused");
    };
    expect(await errorOf(oneStep({ operationId: "createItem" }), rejecting)).toMatchObject({
      stepId: "s",
      message: "POST https://api.test/items failed: signing refused",
    });
  });

  it("an unknown workflow: still the top's workflow-start first", async () => {
    const result = await runWorkflowToEnd({
      document: documentOf([]),
      workflowId: "missing",
      operations,
      fetch: fakeFetch(() => ({})).fetch,
    });
    expect(result.events).toEqual([
      { kind: "workflow-start", path: ["missing"], workflowId: "missing" },
      { kind: "error", path: ["missing"], workflowId: "missing", message: "no workflow missing in the document" },
      { kind: "workflow-end", path: ["missing"], workflowId: "missing", passed: false, outputs: {} },
    ]);
  });
});

describe("bounds", () => {
  it("stops after 1,000 requests", async () => {
    const document = documentOf([
      {
        workflowId: "loop",
        steps: [{ stepId: "again", operationId: "createItem", onSuccess: [{ type: "goto", stepId: "again" }] }],
      },
    ]);
    const { fetch, sent } = fakeFetch(() => ({}));
    const result = await runWorkflowToEnd({ document, workflowId: "loop", operations, fetch });
    expect(result.passed).toBe(false);
    expect(sent).toHaveLength(1000);
    expect(result.events.find((e) => e.kind === "error")).toMatchObject({
      stepId: "again",
      message: "stopped after 1000 requests",
    });
  });

  it("stops a goto loop that sends no request", async () => {
    const document = documentOf([
      { workflowId: "empty", steps: [] },
      {
        workflowId: "loop",
        steps: [{ stepId: "spin", workflowId: "empty", onSuccess: [{ type: "goto", stepId: "spin" }] }],
      },
    ]);
    const { fetch, sent } = fakeFetch(() => ({}));
    const result = await runWorkflowToEnd({ document, workflowId: "loop", operations, fetch, maxRequests: 50 });
    expect(result.passed).toBe(false);
    expect(sent).toHaveLength(0);
    expect(result.events.find((e) => e.kind === "error")).toMatchObject({
      message: "stopped after 50 gotos (a goto loop)",
    });
  });
});

describe("stepping with next()", () => {
  it("answers one event per call, a step event per request, and the result at the end", async () => {
    const document = documentOf([
      {
        workflowId: "w",
        steps: [
          { stepId: "a", operationId: "createItem" },
          { stepId: "b", operationId: "createItem" },
        ],
      },
    ]);
    const { fetch, sent } = fakeFetch(() => ({ body: { ok: true }, headers: { "X-Answer": "yes" } }));
    const run = runWorkflow({ document, workflowId: "w", operations, fetch });
    expect((await run.next()).value).toEqual({ kind: "workflow-start", path: ["w"], workflowId: "w" });
    expect(sent).toHaveLength(0);
    const first = (await run.next()).value;
    expect(sent).toHaveLength(1);
    expect(first).toMatchObject({
      kind: "step",
      stepId: "a",
      source: "api",
      operationId: "createItem",
      attempt: 1,
      request: { method: "POST", url: "https://api.test/items", headers: {} },
      answer: { status: 200, body: '{"ok":true}' },
      passed: true,
      next: "continue",
      outputs: {},
    });
    expect(first && "answer" in first ? first.answer.headers["x-answer"] : undefined).toBe("yes");
    expect((await run.next()).value).toMatchObject({ kind: "step", stepId: "b" });
    expect((await run.next()).value).toMatchObject({ kind: "workflow-end", passed: true });
    expect(await run.next()).toEqual({ done: true, value: { passed: true, outputs: {} } });
  });
});

describe("the runner's modules", () => {
  it("import no Node built-ins (they run in a web page)", () => {
    const dir = fileURLToPath(new URL("../../src/runner/", import.meta.url));
    const files = readdirSync(dir).filter((name) => name.endsWith(".mjs"));
    expect(files.sort()).toEqual(["criteria.mjs", "expressions.mjs", "index.mjs", "request.mjs", "run.mjs"]);
    for (const name of files) {
      const imports = [...readFileSync(join(dir, name), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
      for (const specifier of imports) expect(specifier, name).toMatch(/^(\.\/|jsonpath-rfc9535$)/);
    }
  });
});
