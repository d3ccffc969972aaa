// The log of a run: each event shown as it comes, in order. A workflow is a block with its steps in a
// list; a workflow a step runs is a block inside its parent's list (found by the events' `path`), so
// its steps sit under its name. A workflow's end closes its block with PASSED or FAILED and its outputs.
import { el } from "./dom.mjs";
import { outputsView, stepView } from "./guide-step-view.mjs";

/** @typedef {import("./guide-run-session.mjs").RunEvent} RunEvent */
/** @typedef {{ path: string[], workflowId: string, depth: number, item: HTMLElement, steps: HTMLElement }} Block */

/** The id the guide pages give a step's text (guides.mjs). @param {string} stepId */
export const stepAnchor = (stepId) => `step-${stepId.replace(/[^A-Za-z0-9_-]+/g, "-")}`;

/** @param {string[]} prefix @param {string[]} path */
const isPrefix = (prefix, path) => prefix.length <= path.length && prefix.every((part, i) => path[i] === part);

/**
 * @param {HTMLElement} list the log's own list
 * @param {string} pageWorkflowId the workflow the page shows (its steps' text is on the page)
 */
export function runLog(list, pageWorkflowId) {
  /** @type {Block[]} */
  let blocks = [];

  /**
   * The innermost block the event belongs to: the longest path that starts the event's (the latest
   * of equal ones, as a workflow may run the same child twice).
   * @param {RunEvent} event
   * @param {(block: Block) => boolean} [accept]
   */
  function blockOf(event, accept = () => true) {
    /** @type {Block | undefined} */
    let found;
    for (const block of blocks) {
      if (!accept(block) || !isPrefix(block.path, event.path)) continue;
      if (!found || block.path.length >= found.path.length) found = block;
    }
    return found;
  }

  /** @param {string} workflowId @param {string} stepId */
  function stepHref(workflowId, stepId) {
    const anchor = stepAnchor(stepId);
    if (workflowId !== pageWorkflowId) return `guide-${workflowId}.html#${anchor}`;
    return document.getElementById(anchor) ? `#${anchor}` : undefined;
  }

  /** @param {Extract<RunEvent, { kind: "workflow-start" }>} event */
  function startWorkflow(event) {
    const parent = blockOf(event, (b) => b.path.length < event.path.length);
    const depth = parent ? parent.depth + 1 : 0;
    const steps = el("ol", { class: "guide-run-steps" });
    const title =
      depth === 0
        ? [`The workflow ${event.workflowId}`]
        : ["Runs the workflow ", el("a", { href: `guide-${event.workflowId}.html` }, [event.workflowId])];
    const item = el(
      "li",
      { class: "guide-run-workflow", "data-guide": "workflow", "data-workflow": event.workflowId },
      [el(/** @type {"h4"} */ (`h${Math.min(4 + depth, 6)}`), {}, title), steps],
    );
    (parent?.steps ?? list).append(item);
    blocks.push({ path: event.path, workflowId: event.workflowId, depth, item, steps });
  }

  /** @param {RunEvent} event */
  function show(event) {
    if (event.kind === "workflow-start") return startWorkflow(event);
    const block = blockOf(event, (b) => b.workflowId === event.workflowId) ?? blockOf(event);
    const where = block?.item ?? list;
    if (event.kind === "step") {
      const level = 5 + (block?.depth ?? 0);
      (block?.steps ?? list).append(stepView(event, { level, href: stepHref(event.workflowId, event.stepId) }));
    } else if (event.kind === "workflow-end") {
      where.append(
        el(
          "p",
          { class: `guide-run-result ${event.passed ? "outcome-passed" : "outcome-failed"}`, "data-guide": "result" },
          [el("strong", {}, [event.passed ? "PASSED" : "FAILED"]), ` ${event.workflowId}`],
        ),
        ...outputsView(event.outputs),
      );
    } else if (event.kind === "error") {
      where.append(
        el("p", { class: "guide-run-error outcome-failed", "data-guide": "error" }, [
          el("strong", {}, ["Error"]),
          `${event.stepId ? ` in step ${event.stepId}` : ""}: ${event.message}`,
        ]),
      );
    }
  }

  return {
    show,
    clear() {
      blocks = [];
      list.replaceChildren();
    },
  };
}
