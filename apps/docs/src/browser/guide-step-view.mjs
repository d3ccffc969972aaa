// One step of a run as a guide shows it: its id (a link to the step's text), operation and attempt,
// the request (method, URL, headers, body), the answer (answer-view.mjs), each check with its
// message, a retry's wait, where the run goes next, and the step's outputs.
import { renderAnswer } from "./answer-view.mjs";
import { el } from "./dom.mjs";
import { shownHeaders } from "./guide-headers.mjs";

/** @typedef {import("./guide-run-session.mjs").StepEvent} StepEvent */

/** @param {string} text */
function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** @param {unknown} value */
const asText = (value) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

/** @param {string} text */
const block = (text) => el("pre", { tabindex: "0" }, [text]);

/** @param {StepEvent["request"]["body"]} body */
function bodyText(body) {
  if (!body) return undefined;
  if (body.text !== undefined) return pretty(body.text);
  if (body.fields && typeof body.fields === "object") {
    return Object.entries(body.fields)
      .map(([name, value]) => `${name}: ${asText(value)}`)
      .join("\n");
  }
  return undefined;
}

/** @param {StepEvent["request"]} request */
function requestView(request) {
  const text = bodyText(request.body);
  const headers = shownHeaders(request.headers);
  return el("div", { class: "guide-run-request", "data-guide": "request" }, [
    el("p", {}, [el("strong", {}, ["Request "]), el("code", {}, [`${request.method} ${request.url}`])]),
    ...(headers.length > 0
      ? [
          el("details", {}, [
            el("summary", {}, ["Request headers"]),
            block(headers.map(([name, value]) => `${name}: ${value}`).join("\n")),
          ]),
        ]
      : []),
    ...(text !== undefined
      ? [el("p", {}, [`Body${request.body?.contentType ? ` (${request.body.contentType})` : ""}`]), block(text)]
      : []),
  ]);
}

/** @param {StepEvent} event */
function answerView(event) {
  const output = el("div", { class: "guide-run-answer", "data-guide": "answer" });
  renderAnswer(output, {
    method: event.request.method,
    url: event.request.url,
    status: event.answer.status,
    headers: Object.entries(event.answer.headers),
    body: event.answer.body,
  });
  return el("div", {}, [el("p", {}, [el("strong", {}, ["Answer"])]), output]);
}

/** @param {StepEvent["checks"]} checks */
function checksView(checks) {
  if (checks.length === 0) return [];
  return [
    el("p", {}, [el("strong", {}, ["Checks"])]),
    el(
      "ul",
      { class: "guide-run-checks", "data-guide": "checks" },
      checks.map((check) =>
        el("li", { class: check.passed ? "check-passed" : "check-failed", "data-passed": String(check.passed) }, [
          el("strong", {}, [check.passed ? "passed" : "failed"]),
          " ",
          // The runner's message names the condition and the values it compared.
          el("code", {}, [check.message || check.criterion.condition]),
        ]),
      ),
    ),
  ];
}

/** @param {StepEvent} event */
function nextView(event) {
  if (event.next === "retry") {
    const wait = event.retryAfterMs !== undefined ? ` after ${event.retryAfterMs / 1000} s` : "";
    return [el("p", { class: "guide-run-retry", "data-guide": "retry" }, [`Retrying the step${wait}.`])];
  }
  if (event.next === "goto") return [el("p", {}, ["Goes on at another step, as the step's action says."])];
  if (event.next === "end") return [el("p", {}, ["Ends the workflow, as the step's action says."])];
  return [];
}

/** @param {Record<string, unknown>} outputs */
export function outputsView(outputs) {
  const entries = Object.entries(outputs ?? {});
  if (entries.length === 0) return [];
  return [
    el("p", {}, [el("strong", {}, ["Outputs"])]),
    block(entries.map(([name, value]) => `${name}: ${JSON.stringify(value)}`).join("\n")),
  ];
}

/** What a step came to: passed, retrying, or failed. @param {StepEvent} event */
export const stepOutcome = (event) => (event.passed ? "passed" : event.next === "retry" ? "retrying" : "failed");

/**
 * @param {StepEvent} event
 * @param {{ level: number, href: string | undefined }} options the heading's level; the step text's link
 */
export function stepView(event, { level, href }) {
  const outcome = stepOutcome(event);
  const name = href ? el("a", { href }, [event.stepId]) : el("span", {}, [event.stepId]);
  const heading = el(/** @type {"h4"} */ (`h${Math.min(level, 6)}`), { class: "guide-run-step-title" }, [
    name,
    ` (${event.operationId})`,
    ...(event.attempt > 1 ? [`, attempt ${event.attempt}`] : []),
    ": ",
    el("span", { class: `outcome-${outcome}` }, [outcome]),
  ]);
  return el(
    "li",
    {
      class: `guide-run-step outcome-${outcome}`,
      "data-guide": "step",
      "data-step-id": event.stepId,
      "data-outcome": outcome,
    },
    [
      heading,
      requestView(event.request),
      answerView(event),
      ...checksView(event.checks),
      ...nextView(event),
      ...outputsView(event.outputs),
    ],
  );
}
