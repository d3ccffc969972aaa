// The committed observations of the real sandbox (spec/observations/<YYYY-MM-DD>/*.har or *.har.gz,
// recorded with `xads-sign-proxy --record`), and what each shows: the operations its exchanges are
// of, and the state rules and x-rules the emulator ran when it replayed them (replay.mjs).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { operationOf } from "./operations.mjs";
import { readRecordingFile } from "./recordings.mjs";
import { replayOnEmulator } from "./replay.mjs";

export const observationsDir = join(import.meta.dirname, "..", "..", "..", "spec", "observations");

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RECORDING = /\.har(\.gz)?$/;

/** @param {string} [dir] @returns {Array<{ date: string, file: string }>} oldest date first */
export function observationFiles(dir = observationsDir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && DATE.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .flatMap((date) =>
      readdirSync(join(dir, date))
        .filter((name) => RECORDING.test(name))
        .sort()
        .map((name) => ({ date, file: join(dir, date, name) })),
    );
}

/**
 * @typedef {object} Observed the latest date each was observed on
 * @property {Map<string, string>} operations by operation id
 * @property {Map<string, string>} stateRules by registry id
 * @property {Map<string, string>} xRules by `operationId ruleId`
 */

/** @param {string} operationId @param {string} ruleId */
export const xRuleKey = (operationId, ruleId) => `${operationId} ${ruleId}`;

/** @param {Array<{ date: string, file: string }>} [files] @returns {Promise<Observed>} */
export async function observe(files = observationFiles()) {
  /** @type {Observed} */
  const observed = { operations: new Map(), stateRules: new Map(), xRules: new Map() };
  for (const { date, file } of files) {
    const recording = readRecordingFile(file);
    for (const entry of recording.log.entries) {
      const found = operationOf(entry);
      if (found && entry.response.status !== 0 && !entry._xads?.dropped) observed.operations.set(found.op.id, date);
    }
    await replayOnEmulator(recording, {
      onRan(ran) {
        for (const id of ran.stateRules) observed.stateRules.set(id, date);
        for (const rule of ran.xRules) observed.xRules.set(xRuleKey(rule.operationId, rule.id), date);
      },
    });
  }
  return observed;
}
