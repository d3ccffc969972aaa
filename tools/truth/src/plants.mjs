// The drift drill's plants: ways "the real API" (a second emulator) is made to differ from the
// documents and the emulator. A state rule switched off uses the emulator's `disabledRules`; the
// others rewrite its answers through a wrapped fetch, leaving the emulator package as it is.
import { stateRuleImplementations } from "@xads/emulator";

/**
 * @typedef {object} Plant
 * @property {string} name
 * @property {string[]} [disabledRules]
 * @property {(answer: Response, request: { url: string, method: string }) => Promise<Response>} [rewrite]
 * @property {{ drift?: import("./drift.mjs").DriftKind[], replayField?: RegExp, rules?: readonly string[] }} expect
 *   what the loop must report: drift classes (beyond the unplanted run), a replay difference's field,
 *   or the rule ids a replay difference must name
 */

/** @param {Response} answer @param {string} text @param {{ status?: number, drop?: string }} [change] */
function rebuilt(answer, text, change = {}) {
  const headers = new Headers(answer.headers);
  if (change.drop) headers.delete(change.drop);
  headers.delete("content-length");
  return new Response(text, { status: change.status ?? answer.status, headers });
}

/** @param {(text: string, request: { url: string, method: string }) => string} edit @returns {Plant["rewrite"]} */
const editJson = (edit) => async (answer, request) => {
  if (!answer.headers.get("content-type")?.includes("json")) return answer;
  const text = await answer.text();
  return rebuilt(answer, edit(text, request));
};

/** @type {Plant[]} */
export const answerPlants = [
  {
    name: "field renamed: name -> title",
    rewrite: editJson((text) => text.replace(/"name":/g, '"title":')),
    expect: { drift: ["undocumented-field", "missing-field"] },
  },
  {
    name: "enum value added: entity_status PAUSED -> ON_HOLD",
    rewrite: editJson((text) => text.replace(/"entity_status":"PAUSED"/g, '"entity_status":"ON_HOLD"')),
    expect: { drift: ["unlisted-enum-value"] },
  },
  {
    name: "status changed: createCampaign 200 -> 201",
    rewrite: async (answer, request) =>
      request.method === "POST" && /\/campaigns$/.test(new URL(request.url).pathname) && answer.status === 200
        ? rebuilt(answer, await answer.text(), { status: 201 })
        : answer,
    expect: { drift: ["undocumented-status"] },
  },
  {
    name: "header dropped: x-current-api-version",
    rewrite: async (answer) =>
      answer.headers.has("x-current-api-version")
        ? rebuilt(answer, await answer.text(), { drop: "x-current-api-version" })
        : answer,
    expect: { drift: ["documented-header-missing"] },
  },
  {
    name: "cursor never ends",
    rewrite: editJson((text) => text.replace(/"next_cursor":null/g, '"next_cursor":"c0ffee01"')),
    expect: { replayField: /next_cursor/ },
  },
];

/**
 * Modules whose effect no exchange reports as a rule outcome (they set fields, not refusals): found by
 * the replay, but its difference names the exchange's other rules or handler.
 */
export const UNNAMED_BY_OBSERVER = ["audiences-shared", "scheduled-post"];

/** One plant per state rule module, switched off by the first registry id it implements. @returns {Plant[]} */
export function rulePlants() {
  return Object.entries(stateRuleImplementations).map(([module, ids]) => ({
    name: `rule off: ${module} (${ids[0]})`,
    disabledRules: [/** @type {string} */ (ids[0])],
    expect: UNNAMED_BY_OBSERVER.includes(module) ? { replayField: /./ } : { rules: ids },
  }));
}
