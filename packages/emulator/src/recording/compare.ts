// A recorded answer and a replayed one, byte for byte: the status (or the dropped connection), every
// header the emulator answered, in order, and the body. Both are entries the same writer made with the
// same redaction, so an issued token compares by its stand-in. The headers are the emulator's own (an
// observer sees them before a served port adds its transport's), all deterministic on a virtual clock;
// only the two a caller on this machine alone gets are left out for an entry recorded from another
// machine, since a replay calls from this one.
import type { HarEntry, HarPair } from "./har.js";

const LOOPBACK_ONLY = new Set(["x-xads-emulator-hint", "x-xads-emulator-base-string"]);

export interface Difference {
  /** What differs: `response.status`, `response.headers (x-rate-limit-remaining)`, `response.content.text`. */
  field: string;
  recorded: string;
  replayed: string;
}

function comparedHeaders(entry: HarEntry, loopback: boolean): HarPair[] {
  return entry.response.headers.filter(({ name }) => loopback || !LOOPBACK_ONLY.has(name.toLowerCase()));
}

function headerDifference(recorded: HarPair[], replayed: HarPair[]): Difference | undefined {
  for (let i = 0; i < Math.max(recorded.length, replayed.length); i++) {
    const a = recorded[i];
    const b = replayed[i];
    if (a?.name === b?.name && a?.value === b?.value) continue;
    const name = a?.name ?? b?.name ?? "";
    const value = (pairs: HarPair[]) => pairs.find((pair) => pair.name === name)?.value ?? "(none)";
    if (value(recorded) === value(replayed))
      return {
        field: "response.headers (order)",
        recorded: recorded.map((p) => p.name).join(", "),
        replayed: replayed.map((p) => p.name).join(", "),
      };
    return { field: `response.headers (${name})`, recorded: value(recorded), replayed: value(replayed) };
  }
  return undefined;
}

/** Where two texts first differ, with a little of each around it. */
function textDifference(recorded: string, replayed: string): Difference {
  let at = 0;
  while (at < recorded.length && recorded[at] === replayed[at]) at++;
  const around = (text: string) =>
    `${at > 30 ? "…" : ""}${text.slice(Math.max(0, at - 30), at + 50)}${text.length > at + 50 ? "…" : ""}`;
  return {
    field: `response.content.text (from character ${at})`,
    recorded: around(recorded),
    replayed: around(replayed),
  };
}

/** The first way the replayed answer differs from the recorded one, or none. */
export function firstDifference(recorded: HarEntry, replayed: HarEntry): Difference | undefined {
  const dropped = (entry: HarEntry) => (entry._xads?.dropped ? "dropped" : String(entry.response.status));
  if (dropped(recorded) !== dropped(replayed))
    return { field: "response.status", recorded: dropped(recorded), replayed: dropped(replayed) };
  const loopback = recorded._xads?.loopback !== false;
  const headers = headerDifference(comparedHeaders(recorded, loopback), comparedHeaders(replayed, loopback));
  if (headers) return headers;
  const recordedText = recorded.response.content.text ?? "";
  const replayedText = replayed.response.content.text ?? "";
  return recordedText === replayedText ? undefined : textDifference(recordedText, replayedText);
}
