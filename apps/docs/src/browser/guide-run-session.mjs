// One run of a guide's workflow, pulled step by step from the runner's event stream: `next()` goes on
// until the next step's request is answered (and, after the workflow's last step, until its end, so
// the result shows without another request), `runToEnd()` until the workflow ends. Calls made while
// one is under way wait their turn, so a click never sends two requests at once.

/** @typedef {import("@xads/workflows/runner").RunEvent} RunEvent */
/** @typedef {Extract<RunEvent, { kind: "step" }>} StepEvent */
/** @typedef {import("@xads/workflows/runner").WorkflowResult} RunResult */
/** @typedef {AsyncGenerator<RunEvent, RunResult>} RunEvents */

/**
 * @param {{
 *   start: () => RunEvents,
 *   lastStepId: string | undefined,
 *   onEvent: (event: RunEvent) => void,
 *   onEnd: (result: RunResult) => void,
 * }} options `lastStepId`: the last step of the workflow the page shows
 */
export function guideSession({ start, lastStepId, onEvent, onEnd }) {
  let run = start();
  /** @type {RunEvent[]} */
  let events = [];
  /** @type {RunResult | undefined} */
  let result;
  // How many workflows have started and not ended: 1 while the page's own workflow runs its steps.
  let open = 0;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  // Counts the runs started: "Start over" stops a run to the end after the event it is waiting for.
  let generation = 0;

  /** @param {StepEvent} step a step of the page's own workflow that leaves nothing more to send */
  const endsTheRun = (step) =>
    open === 1 &&
    (step.next === "end" || step.next === "fail" || (step.next === "continue" && step.stepId === lastStepId));

  /** Pulls one event; false when the run has ended. */
  async function pull() {
    if (result) return false;
    const { value, done } = await run.next();
    if (done) {
      result = value;
      onEnd(value);
      return false;
    }
    events.push(value);
    if (value.kind === "workflow-start") open += 1;
    if (value.kind === "workflow-end") open -= 1;
    onEvent(value);
    return true;
  }

  /** Until the next step's answer (and the end after the last step): the step, or undefined at the end. */
  async function step() {
    while (await pull()) {
      const event = events.at(-1);
      if (event?.kind !== "step") continue;
      if (endsTheRun(event)) while (await pull());
      return event;
    }
    return undefined;
  }

  /** @template T @param {() => Promise<T>} work */
  const inTurn = (work) => {
    const done = queue.then(work);
    queue = done.catch(() => undefined);
    return done;
  };

  return {
    get events() {
      return events;
    },
    get result() {
      return result;
    },
    next: () => inTurn(step),
    runToEnd: () => {
      const mine = generation;
      return inTurn(async () => {
        while (mine === generation && (await pull()));
        return result;
      });
    },
    /** A new run of the workflow (the emulator keeps its records). */
    startOver: () => {
      generation += 1;
      return inTurn(async () => {
        if (!result) await run.return({ passed: false, outputs: {} });
        run = start();
        events = [];
        result = undefined;
        open = 0;
      });
    },
  };
}
