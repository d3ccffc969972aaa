// A guide page's workflow, run in the page step by step against the emulator in the page (the service
// worker emulator-sw.js), with the Arazzo runner of @xads/workflows. The page reads the same without
// it; it adds one section under the steps' heading: "Next step", "Run to the end", "Start over", a
// status line for screen readers and the run's log (guide-run-log.mjs).
import { runWorkflow } from "@xads/workflows/runner";
import { el } from "./dom.mjs";
import { runLog } from "./guide-run-log.mjs";
import { guideSession } from "./guide-run-session.mjs";
import { stepOutcome } from "./guide-step-view.mjs";
import { inPageEmulator } from "./in-page-emulator.mjs";

/** @typedef {import("./guide-run-session.mjs").RunEvent} RunEvent */
/**
 * @typedef {{
 *   document: { workflows?: Array<{ workflowId: string, steps?: Array<{ stepId: string }> }> },
 *   operations: import("@xads/workflows/runner").OperationTable,
 * }} GuideData
 */

/** @param {string} label @param {string} name */
const button = (label, name) => el("button", { type: "button", "data-guide": name, "aria-disabled": "true" }, [label]);

function panel() {
  const next = button("Next step", "next");
  const toEnd = button("Run to the end", "run");
  const again = button("Start over", "restart");
  const summary = el("p", { class: "guide-run-summary", role: "status", "data-guide": "summary" }, [
    "Starting the emulator in this page…",
  ]);
  const log = el("ol", { class: "guide-run-log", "data-guide": "log" });
  const section = el("section", { class: "guide-run", id: "guide-run", "aria-labelledby": "guide-run-title" }, [
    el("h3", { id: "guide-run-title" }, ["Run this guide in the page"]),
    el("p", {}, [
      "Each step sends its request to the emulator running in this page's service worker, never to the network, and checks the answer as the workflow says. The page signs each request as its operation takes (OAuth 1.0a with the emulator's published credentials, or HTTP Basic); the Authorization shown is cut to its scheme and consumer key. The emulator keeps its records from run to run; the workflow creates its own accounts.",
    ]),
    el("div", { class: "guide-run-buttons" }, [next, toEnd, again]),
    summary,
    log,
  ]);
  return { section, next, toEnd, again, summary, log };
}

/** What the status line says after an event, or undefined to leave it. @param {RunEvent} event */
function said(event) {
  if (event.kind === "error") return `Error: ${event.message}`;
  if (event.kind !== "step") return undefined;
  const outcome = stepOutcome(event);
  const failed = event.checks.find((c) => !c.passed);
  const wait =
    outcome === "retrying" && event.retryAfterMs !== undefined ? `, waiting ${event.retryAfterMs / 1000} s` : "";
  return `Step ${event.stepId}: ${event.answer.status}, ${outcome}${wait}${
    outcome === "failed" && failed ? ` (${failed.message})` : ""
  }.`;
}

async function main() {
  const meta = document.querySelector('meta[name="xads-guide"]');
  const heading = document.getElementById("steps");
  if (!meta || !heading || !("serviceWorker" in navigator)) return;
  const workflowId = meta.getAttribute("data-workflow") ?? "";
  const view = panel();
  heading.after(view.section);

  const dataUrl = new URL(meta.getAttribute("content") ?? "", document.baseURI);
  // The runner reports a step's request as it built it; the page signs it afterwards (in-page-emulator.mjs),
  // so the step's shown headers take the Authorization of the request last signed: the step's own.
  /** @type {string | undefined} */
  let lastAuthorization;
  /** @type {[GuideData, Awaited<ReturnType<typeof inPageEmulator>>]} */
  let loaded;
  try {
    loaded = await Promise.all([
      fetch(dataUrl).then((r) => r.json()),
      inPageEmulator({
        onSigned: (request) => {
          lastAuthorization = request.headers.get("authorization") ?? undefined;
        },
      }),
    ]);
  } catch (error) {
    view.summary.textContent = `The emulator could not start in this page: ${/** @type {Error} */ (error).message}`;
    return;
  }
  const [data, through] = loaded;
  const steps = data.document.workflows?.find((w) => w.workflowId === workflowId)?.steps ?? [];
  const log = runLog(view.log, workflowId);
  let requests = 0;
  /** @param {string} text */
  const say = (text) => {
    view.summary.textContent = text;
  };
  const session = guideSession({
    start: () => runWorkflow({ document: data.document, workflowId, operations: data.operations, fetch: through.send }),
    lastStepId: steps.at(-1)?.stepId,
    onEvent: (event) => {
      if (event.kind === "step") {
        requests += 1;
        if (lastAuthorization !== undefined) event.request.headers.authorization = lastAuthorization;
        lastAuthorization = undefined;
      }
      log.show(event);
      const text = said(event);
      if (text) say(text);
    },
    onEnd: (result) => {
      view.section.dataset.result = result.passed ? "passed" : "failed";
      say(`${workflowId} ${result.passed ? "PASSED" : "FAILED"} after ${requests} requests.`);
    },
  });

  // Actions under way ("Start over" may come while a run to the end waits for a retry).
  let underWay = 0;
  function showState() {
    const busy = underWay > 0;
    const ended = session.result !== undefined;
    view.section.toggleAttribute("data-busy", busy);
    view.next.setAttribute("aria-disabled", String(busy || ended));
    view.toEnd.setAttribute("aria-disabled", String(busy || ended));
    view.again.setAttribute("aria-disabled", "false");
  }
  /** @template T @param {() => Promise<T>} work */
  const busyWith = async (work) => {
    underWay += 1;
    showState();
    try {
      return await work();
    } finally {
      underWay -= 1;
      showState();
    }
  };
  const ready = () => say(`Ready: ${steps.length} steps. "Next step" sends the first request.`);
  const next = () => busyWith(() => session.next());
  const runToEnd = () => busyWith(() => session.runToEnd());
  const startOver = () =>
    busyWith(async () => {
      await session.startOver();
      delete view.section.dataset.result;
      requests = 0;
      log.clear();
      ready();
    });
  /** @param {HTMLElement} control @param {() => Promise<unknown>} action */
  const onClick = (control, action) =>
    control.addEventListener("click", () => {
      if (control.getAttribute("aria-disabled") !== "true") void action();
    });
  onClick(view.next, next);
  onClick(view.toEnd, runToEnd);
  onClick(view.again, startOver);

  Object.assign(window, {
    xadsGuide: {
      next,
      runToEnd,
      startOver,
      get events() {
        return session.events;
      },
    },
  });
  ready();
  showState();
  document.documentElement.dataset.guideReady = "true";
}

void main();
