// Replaying a recording of the real API on a fresh emulator: each recorded request sent again, in
// order, on a virtual clock moved to its time, with the ids the recording's answers issued mapped to
// the ones the emulator's answers issue (and the recording's account mapped to the fixture's), and
// each answer compared with the recorded one after normalisation (normalise.mjs). Unlike the
// emulator's `replay --check`, which re-runs the emulator's own recording byte for byte from its
// start, this one starts from a fresh emulator and tolerates what only names differ in.
import { createEmulator } from "@xads/emulator";
import { answerDifferences } from "./answer-diff.mjs";
import { isIgnoredHeader } from "./headers.mjs";
import { CREDENTIAL_IN_TEXT, IdNames, normaliseHeader, normaliseValue } from "./normalise.mjs";
import { operationOf } from "./operations.mjs";
import { bodyOf } from "./recordings.mjs";

/** Headers fetch sets itself. */
const NOT_SENT = new Set(["host", "content-length", "connection", "keep-alive", "transfer-encoding", "expect"]);
const ID_KEY = /^(id|.*_id)$/;
/** Credentials an answer issues: redacted to stand-ins in the recording, real in the replay's answers. */
const CREDENTIAL_KEY = /^(oauth_token|oauth_token_secret|oauth_verifier|access_token)$/;

/** A form-encoded answer (a token answer) as its fields, so it compares and maps like JSON. @param {unknown} body */
const fieldsOf = (body) =>
  typeof body === "string" && /^[\w.%-]+=[^\s]*(&[\w.%-]+=[^\s]*)*$/.test(body)
    ? Object.fromEntries(new URLSearchParams(body))
    : body;

/**
 * @typedef {object} ReplayDifference
 * @property {number} entry 1-based
 * @property {string} request `GET /12/accounts/...`
 * @property {string | null} operationId
 * @property {string} field
 * @property {string} recorded
 * @property {string} replayed
 * @property {string[]} producedBy the emulator's state rules (registry ids) that ran for it, else its handler
 */

/** @param {import("@xads/emulator").HarEntry} entry */
const timeOf = (entry) => entry._xads?.at ?? Date.parse(entry.startedDateTime);

/** Ids a recorded answer issued, paired with the ones the replayed answer issued in the same places. */
function learnIds(
  /** @type {unknown} */ recorded,
  /** @type {unknown} */ replayed,
  /** @type {Map<string, string>} */ map,
  key = "",
) {
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    recorded.forEach((item, i) => {
      learnIds(item, replayed[i], map, key);
    });
  } else if (recorded && replayed && typeof recorded === "object" && typeof replayed === "object") {
    for (const [k, v] of Object.entries(recorded)) learnIds(v, /** @type {any} */ (replayed)[k], map, k);
  } else if (
    typeof recorded === "string" &&
    typeof replayed === "string" &&
    (ID_KEY.test(key) || CREDENTIAL_KEY.test(key)) &&
    !map.has(recorded)
  ) {
    map.set(recorded, replayed);
  }
}

/**
 * Credentials named in the texts of two answers (a callback URL in a page or a header), paired in order.
 * @param {string} recorded @param {string} replayed @param {Map<string, string>} map
 */
function learnNamedCredentials(recorded, replayed, map) {
  const left = [...recorded.matchAll(CREDENTIAL_IN_TEXT)];
  const right = [...replayed.matchAll(CREDENTIAL_IN_TEXT)];
  left.forEach((match, i) => {
    const other = right[i];
    if (other && other[1] === match[1] && match[2] && other[2] && !map.has(match[2])) map.set(match[2], other[2]);
  });
}

/** @param {string} text @param {Map<string, string>} map */
function mapIds(text, map) {
  let out = text;
  for (const [from, to] of map)
    if (from !== to && from.length >= 3)
      out = out.replace(new RegExp(`(?<![\\w-])${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`, "g"), to);
  return out;
}

/** @param {Iterable<[string, string]>} pairs @param {IdNames} ids */
function comparedHeaders(pairs, ids) {
  /** @type {Map<string, string>} */
  const out = new Map();
  for (const [name, value] of pairs)
    if (!isIgnoredHeader(name)) out.set(name.toLowerCase(), normaliseHeader(name, value, ids));
  return out;
}

/** The x-rules an emulator's coverage saw held or broken since its last reset. @param {import("@xads/emulator").Emulator} emulator */
const xRulesRan = (emulator) =>
  emulator
    .coverage()
    .documents.flatMap((d) => d.operations)
    .flatMap((o) =>
      o.xRules
        .filter((rule) => rule.held + rule.broken > 0)
        .map((rule) => ({ operationId: o.operationId, id: rule.ruleId })),
    );

/**
 * @typedef {object} ReplayOptions
 * @property {import("@xads/emulator").EmulatorOptions} [emulatorOptions] the fresh emulator's (the drill's plants)
 * @property {(fetch: typeof globalThis.fetch) => typeof globalThis.fetch} [wrapFetch] rewrites its answers (the drill's plants)
 * @property {(sent: { url: string, method: string, headers: Headers, body: Uint8Array | undefined, answer: Response, text: string, startedAt: number }) => void} [onAnswer]
 *   each exchange as sent and answered (the drill records the planted API with it)
 * @property {(ran: RulesRan) => void} [onRan] the rules the emulator ran for each entry (the parity table reads
 *   them); x-rules are read from the emulator's coverage, reset around each entry, so only when this is given
 */

/**
 * @typedef {object} RulesRan
 * @property {number} entry 1-based
 * @property {string | null} operationId
 * @property {string[]} stateRules registry ids of the state rules the exchange ran (held or broken)
 * @property {Array<{ operationId: string, id: string }>} xRules the x-rules the exchange engaged (held) or broke
 */

/**
 * @param {import("@xads/emulator").Recording} recording
 * @param {ReplayOptions} [options]
 */
export async function replayOnEmulator(recording, options = {}) {
  const entries = recording.log.entries;
  const first = entries[0];
  const emulator = await createEmulator({
    auth: "lenient",
    now: first ? timeOf(first) : 0,
    ...options.emulatorOptions,
  });
  const own = /** @type {typeof globalThis.fetch} */ (
    (input, init) => emulator.fetch(/** @type {any} */ (input), init)
  );
  const send = options.wrapFetch ? options.wrapFetch(own) : own;
  /** @type {Map<string, string>} */
  const idMap = new Map();
  /** The recording's own account: the first one a request names that no earlier answer issued. */
  let recordedAccount = /** @type {string | undefined} */ (undefined);
  /** @type {import("@xads/emulator").Exchange | undefined} */
  let last;
  const detach = emulator.observe({
    exchange(exchange) {
      last = exchange;
    },
  });
  const recordedIds = new IdNames();
  const replayedIds = new IdNames();
  /** Rules that ran on a resource's id (a later read shows what they did). @type {Map<string, string[]>} */
  const rulesById = new Map();
  /** @type {ReplayDifference[]} */
  const differences = [];
  const skipped = [];
  try {
    for (const [index, entry] of entries.entries()) {
      if (entry._xads?.refusedBy === "auth" || entry._xads?.dropped) {
        skipped.push(index + 1);
        continue;
      }
      const account = operationOf(entry)?.params.account_id;
      if (account && !recordedAccount && !idMap.has(account)) {
        recordedAccount = account;
        idMap.set(account, emulator.fixture.accountId);
      }
      const now = emulator.clock.now();
      if (timeOf(entry) > now) emulator.clock.advance(timeOf(entry) - now);
      const headers = new Headers();
      for (const { name, value } of entry.request.headers)
        if (!NOT_SENT.has(name.toLowerCase())) headers.append(name, mapIds(value, idMap));
      const post = entry.request.postData;
      const body = post
        ? post._xads?.encoding === "base64"
          ? Buffer.from(post.text, "base64")
          : mapIds(post.text, idMap)
        : undefined;
      last = undefined;
      if (options.onRan) emulator.coverage.reset();
      const url = mapIds(entry.request.url, idMap);
      const answer = await send(url, {
        method: entry.request.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await answer.clone().text();
      options.onAnswer?.({
        url,
        method: entry.request.method,
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? new TextEncoder().encode(body) : body,
        answer,
        text,
        startedAt: emulator.clock.now(),
      });
      const replayedEntry = { response: { content: { text } } };
      const recordedBody = fieldsOf(bodyOf(entry));
      const replayedBody = fieldsOf(bodyOf(/** @type {any} */ (replayedEntry)));
      learnIds(recordedBody, replayedBody, idMap);
      const recordedHeaders = entry.response.headers
        .map((h) => `${h.name}: ${h.value}`)
        .sort()
        .join("\n");
      const replayedHeaders = [...answer.headers]
        .map(([name, value]) => `${name}: ${value}`)
        .sort()
        .join("\n");
      learnNamedCredentials(
        `${entry.response.content.text ?? ""}\n${recordedHeaders}`,
        `${text}\n${replayedHeaders}`,
        idMap,
      );
      const exchange = /** @type {import("@xads/emulator").Exchange | undefined} */ (last);
      const found = operationOf(entry);
      const touched = Object.values(found?.params ?? {}).filter((v) => v && v !== recordedAccount);
      const ran = (exchange?.rules ?? []).flatMap((rule) => [...rule.ids]);
      for (const id of touched) if (ran.length > 0) rulesById.set(id, ran);
      const earlier = touched.flatMap((id) => rulesById.get(id) ?? []);
      const operationId = exchange?.operationId ?? found?.op.id ?? null;
      if (options.onRan)
        options.onRan({ entry: index + 1, operationId, stateRules: [...new Set(ran)], xRules: xRulesRan(emulator) });
      const producedBy = ran.length > 0 ? ran : earlier.length > 0 ? earlier : [`handler ${operationId ?? "(none)"}`];
      const found2 = answerDifferences(
        {
          status: entry.response.status,
          headers: comparedHeaders(
            entry.response.headers.map((h) => [h.name, h.value]),
            recordedIds,
          ),
          body: normaliseValue(recordedBody, recordedIds),
        },
        {
          status: answer.status,
          headers: comparedHeaders(answer.headers, replayedIds),
          body: normaliseValue(replayedBody, replayedIds),
        },
      );
      const path = new URL(entry.request.url).pathname;
      for (const difference of found2)
        differences.push({
          entry: index + 1,
          request: `${entry.request.method} ${path}`,
          operationId,
          ...difference,
          producedBy: [...new Set(producedBy)],
        });
    }
  } finally {
    detach();
  }
  return { compared: entries.length - skipped.length, skipped, differences };
}
