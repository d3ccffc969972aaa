// The drift drill: proof without credentials that the loop (drift + replay) finds what differs. A
// second emulator plays "the real API" with one plant at a time; the recorded flows (the workflows'
// traffic, test/fixtures/workflows.har.gz, and the refusals they never provoke, refusals.har.gz) are
// sent to it and recorded through the signing proxy's recorder (in process: the same HAR writer and
// redaction as `xads-sign-proxy --record`, without the HTTP hop); then the loop runs on each
// recording against a fresh, unplanted emulator.
import { createHarRecorder } from "@xads/client/sign-proxy";
import { parseRecording } from "@xads/emulator";
import { driftOf } from "./drift.mjs";
import { replayOnEmulator } from "./replay.mjs";

/** @typedef {import("./plants.mjs").Plant} Plant */

/** The credentials the recorder redacts: the emulator fixture's, as the workflows signed with them. */
const FIXTURE_CREDENTIALS = {
  consumerKey: "xadsEmulatorConsumerKey0001",
  consumerSecret: "xadsEmulatorConsumerSecret00000000000000000001",
  token: "6253282-xadsEmulatorAccessToken000000000000001",
  tokenSecret: "xadsEmulatorAccessTokenSecret0000000000000001",
};

/**
 * Records the flows against "the real API" with the plant, through the proxy's recorder.
 * @param {import("@xads/emulator").Recording} flows @param {Plant | undefined} plant
 */
export async function recordPlanted(flows, plant) {
  const recorder = createHarRecorder(FIXTURE_CREDENTIALS);
  const rewrite = plant?.rewrite;
  await replayOnEmulator(flows, {
    emulatorOptions: { disabledRules: plant?.disabledRules ?? [] },
    ...(rewrite
      ? {
          wrapFetch: (fetch) => async (input, init) =>
            rewrite(await fetch(input, init), { url: String(input), method: init?.method ?? "GET" }),
        }
      : {}),
    onAnswer: ({ url, method, headers, body, answer, text, startedAt }) =>
      recorder.record({
        startedAt,
        endedAt: startedAt,
        method,
        url,
        requestHeaders: headers,
        requestBody: body,
        status: answer.status,
        responseHeaders: answer.headers,
        responseBody: new TextEncoder().encode(text),
      }),
  });
  // Read back with the emulator's reader: the proxy's recording is the emulator's format.
  return parseRecording(JSON.stringify(recorder.recording()));
}

/** @param {import("./drift.mjs").DriftFinding} f */
const findingKey = (f) => `${f.kind} ${f.operationId} ${f.status} ${f.where}`;

/**
 * @typedef {object} Flows a recording the drill sends to each planted API
 * @property {string} name how its replay differences are named (`refusals entry 12`)
 * @property {import("@xads/emulator").Recording} recording
 */

/**
 * The loop on one plant, over each recording of flows: drift findings the unplanted run did not
 * have, and replay differences (each naming its flows).
 * @param {Flows[]} flows @param {Plant | undefined} plant @param {Set<string>} [baseline]
 */
export async function runPlant(flows, plant, baseline = new Set()) {
  /** @type {import("./drift.mjs").DriftFinding[]} */
  const drift = [];
  /** @type {Array<import("./replay.mjs").ReplayDifference & { flows: string }>} */
  const differences = [];
  for (const { name, recording: sent } of flows) {
    const recording = await recordPlanted(sent, plant);
    drift.push(...driftOf(recording));
    const replay = await replayOnEmulator(recording);
    differences.push(...replay.differences.map((d) => ({ ...d, flows: name })));
  }
  return {
    drift: drift.filter((f) => !baseline.has(findingKey(f))),
    baselineKeys: new Set(drift.map(findingKey)),
    allDrift: drift,
    differences,
  };
}

/**
 * Whether the loop flagged exactly the plant: its drift classes and nothing else; a replay difference
 * of its field; a replay difference naming its rule (a rule switched off may also answer a status or
 * headers the documents lack: those drift findings are its consequences, shown, not required).
 * @param {Plant} plant @param {Awaited<ReturnType<typeof runPlant>>} result
 */
export function verdictOf(plant, result) {
  const kinds = [...new Set(result.drift.map((f) => f.kind))].sort();
  const first = result.differences[0];
  const { drift, replayField, rules } = plant.expect;
  /** @type {string[]} */
  const found = [];
  if (kinds.length > 0) found.push(`drift: ${kinds.join(", ")}`);
  if (first)
    found.push(
      `replay: ${first.flows} entry ${first.entry} ${first.request} ${first.field} (by ${first.producedBy.join(", ")})`,
    );
  let ok = true;
  const named = rules && result.differences.find((d) => d.producedBy.some((id) => rules.includes(id)));
  if (named && named !== first)
    found.push(`named: ${named.flows} entry ${named.entry} ${named.request} ${named.field}`);
  if (drift) ok &&= kinds.join() === [...drift].sort().join();
  else if (!rules) ok &&= kinds.length === 0;
  if (replayField) ok &&= result.differences.some((d) => replayField.test(d.field));
  if (rules) ok &&= named !== undefined;
  if (!drift && !replayField && !rules) ok &&= result.differences.length === 0;
  return { ok, found: found.join("; ") || "nothing" };
}
