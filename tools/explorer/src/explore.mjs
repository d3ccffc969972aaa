// The exploration: fast-check generates command sequences over the resources the spec's links make
// explorable, runs each from a fresh start against a target and the reference model, and on a failure
// shrinks it to a short sequence. The report names the seed and path that replay it.

import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import fc from "fast-check";
import { commandArbitraries } from "./commands.mjs";
import { newModel } from "./model.mjs";
import { followLink } from "./requests.mjs";
import { explorableResources } from "./resources.mjs";

/** @typedef {import("./targets.mjs").Target} Target */
/** @typedef {import("./resources.mjs").Resource} Resource */
/** @typedef {import("./model.mjs").Model} Model */
/** @typedef {import("./commands.mjs").Real} Real */

/** The seed of `pnpm test`: the same sequences on every run, until XADS_EXPLORE_SEED says otherwise. */
export const DEFAULT_SEED = 20260101;

/**
 * @typedef {object} ExploreOptions
 * @property {Target} target
 * @property {Resource[]} [resources] default: every resource the catalogue's links make explorable
 * @property {number} [seed] default DEFAULT_SEED
 * @property {number} [runs] command sequences to run (default 100)
 * @property {number} [steps] the most commands in one sequence (default 25)
 * @property {string} [path] replays one failing sequence (with its seed), as the report names it
 * @property {string} [replayPath] the commands' own replay hint (fast-check's `replayPath`), with `path`
 * @property {boolean} [strict] answers validated strictly (default true)
 * @property {Record<string, unknown>} [overrides] parameter values in place of the examples' (a real
 *   account's id and funding instrument)
 */

/**
 * @typedef {object} ExploreReport
 * @property {boolean} passed
 * @property {string} target
 * @property {number} seed
 * @property {number} runs the sequences run (up to and including the first failure)
 * @property {string | undefined} path the failing sequence's path, for XADS_EXPLORE_PATH
 * @property {string | undefined} replayPath the commands' replay hint, for XADS_EXPLORE_REPLAY_PATH
 * @property {number} shrinks
 * @property {string[]} trail what the shortest failing sequence did, one line a command
 * @property {string | undefined} error why it failed
 * @property {Record<string, number>} stats commands run, by "<resource> <command>", shrinking included
 * @property {string} message the report as text: on a failure, the replay line
 */

/**
 * Deletes the records a run left live, on a target that cannot reset (the sandbox); answers are not
 * judged: the run's verdict is already in.
 * @param {Real} real
 * @param {Resource[]} resources
 * @param {Model} model
 */
async function cleanUp(real, resources, model) {
  for (const record of model.records.filter((r) => !r.deleted)) {
    const remove = resources.find((r) => r.key === record.resource)?.fromCreate.delete;
    const request = remove ? followLink(remove, record.created) : undefined;
    if (request) await real.target.send(request).catch(() => undefined);
  }
}

/**
 * @param {ExploreOptions} options
 * @returns {Promise<ExploreReport>}
 */
export async function explore(options) {
  const { target, seed = DEFAULT_SEED, runs = 100, steps = 25, strict = true, overrides = {} } = options;
  const resources = options.resources ?? explorableResources(loadCatalogue());
  /** @type {Real} */
  const real = { target, strict, overrides, stats: new Map() };
  /** @type {{ trail: string[], error: string } | undefined} */
  let lastFailure;
  const property = fc.asyncProperty(
    fc.commands(commandArbitraries(resources), {
      maxCommands: steps,
      size: "max",
      ...(options.replayPath ? { replayPath: options.replayPath } : {}),
    }),
    async (commands) => {
      await target.reset?.();
      const model = newModel();
      try {
        await fc.asyncModelRun(() => ({ model, real }), commands);
      } catch (error) {
        // fast-check reports the last failure it met while shrinking: this trail is that sequence's.
        lastFailure = { trail: model.trail, error: error instanceof Error ? error.message : String(error) };
        throw error;
      } finally {
        if (!target.reset) await cleanUp(real, resources, model);
      }
    },
  );
  const details = await fc.check(property, { seed, numRuns: runs, ...(options.path ? { path: options.path } : {}) });
  const counterexample = details.counterexample ? String(details.counterexample[0]) : "";
  const report = {
    passed: !details.failed,
    target: target.name,
    seed: details.seed,
    runs: details.numRuns,
    path: details.counterexamplePath ?? undefined,
    replayPath: /\/\*replayPath="([^"]*)"\*\//.exec(counterexample)?.[1],
    shrinks: details.numShrinks,
    trail: details.failed ? (lastFailure?.trail ?? []) : [],
    error: details.failed ? (lastFailure?.error ?? String(details.errorInstance)) : undefined,
    stats: Object.fromEntries([...real.stats].sort(([a], [b]) => a.localeCompare(b))),
  };
  return { ...report, message: messageOf(report) };
}

/**
 * @param {Omit<ExploreReport, "message">} report
 */
function messageOf(report) {
  const head = `explorer: ${report.target}, seed ${report.seed}`;
  if (report.passed) return `${head}: ${report.runs} command sequences passed`;
  const replay = [
    `XADS_EXPLORE_SEED=${report.seed}`,
    `XADS_EXPLORE_PATH=${report.path}`,
    ...(report.replayPath ? [`XADS_EXPLORE_REPLAY_PATH=${report.replayPath}`] : []),
  ].join(" ");
  return [
    `${head}, path ${report.path}: failed after ${report.runs} sequences (shrunk ${report.shrinks} times)`,
    ...report.trail.map((line, i) => `  ${i + 1}. ${line}`),
    `error: ${report.error}`,
    `replay: ${replay}`,
  ].join("\n");
}
