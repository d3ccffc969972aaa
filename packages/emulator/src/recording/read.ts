// The one reader of recordings: parses and checks a HAR 1.2 log with the emulator's `_xads`
// extension (har.ts), refusing anything else with the first problem's entry and field:
// `recording: entry 4 (GET https://ads-api.x.com/12/accounts): log.entries[3].response.status must be an integer (got "x")`.
// Other fields (HAR's optional ones, other tools' `_` extensions) are taken as any JSON.
import { assertSnapshot } from "../snapshot.js";
import {
  arrayOf,
  between,
  boolean,
  type Check,
  finiteNumber,
  integer,
  json,
  literal,
  type Mismatch,
  mismatch,
  nonEmptyString,
  nullable,
  object,
  plainObject,
  safeInteger,
  string,
} from "../snapshot-check.js";
import { RECORDING_FORMAT, type Recording } from "./har.js";

function checkOf<T>(expected: string, passes: (value: unknown) => boolean): Check<T> {
  return Object.assign((value: unknown) => (passes(value) ? undefined : mismatch(expected, value)), { expected });
}

const dateTime = checkOf<string>(
  "an ISO 8601 date and time",
  (value) => typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)),
);
const absoluteUrl = checkOf<string>("an absolute URL", (value) => typeof value === "string" && URL.canParse(value));
const oneOf = <T extends string>(...values: T[]) =>
  checkOf<T>(values.map((v) => JSON.stringify(v)).join(" or "), (value) => values.includes(value as T));

const pairs = arrayOf(object({ name: string, value: string }, { rest: json }));
const rest = { rest: json };

const postData = object(
  { mimeType: string },
  { optional: { text: string, params: arrayOf(json), _xads: object({ encoding: literal("base64") }) }, ...rest },
);

const request = object(
  {
    method: nonEmptyString,
    url: absoluteUrl,
    httpVersion: string,
    cookies: arrayOf(json),
    headers: pairs,
    queryString: pairs,
    headersSize: integer,
    bodySize: integer,
  },
  { optional: { postData }, ...rest },
);

const response = object(
  {
    status: between(0, 999),
    statusText: string,
    httpVersion: string,
    cookies: arrayOf(json),
    headers: pairs,
    content: object(
      { size: integer, mimeType: string },
      { optional: { text: string, encoding: string, compression: integer }, ...rest },
    ),
    redirectURL: string,
    headersSize: integer,
    bodySize: integer,
  },
  rest,
);

const entryFacts = object(
  { operationId: nullable(string) },
  {
    optional: {
      at: finiteNumber,
      refusedBy: string,
      rules: arrayOf(object({ ids: arrayOf(string), name: string, held: boolean })),
      credential: string,
      loopback: literal(false),
      dropped: literal(true),
    },
    ...rest,
  },
);

const entry = object(
  {
    startedDateTime: dateTime,
    time: finiteNumber,
    request,
    response,
    cache: plainObject,
    timings: object({ send: finiteNumber, wait: finiteNumber, receive: finiteNumber }, rest),
  },
  { optional: { _xads: entryFacts }, ...rest },
);

const fault = object({
  operationId: string,
  status: nullable(integer),
  times: nullable(safeInteger(0)),
  delayMs: finiteNumber,
  retryAfter: finiteNumber,
  drop: boolean,
  processing: nullable(literal("failed")),
});

const start = object({
  format: literal(RECORDING_FORMAT),
  version: literal(1),
  options: object({ auth: oneOf("strict", "lenient"), rateLimits: boolean, disabledRules: arrayOf(string) }),
  clock: object({ start: between(-8.64e15, 8.64e15), virtual: boolean }),
  faults: arrayOf(fault),
  // Checked whole by assertSnapshot below.
  snapshot: plainObject,
});

const recordingShape = object({
  log: object(
    {
      version: string,
      creator: object({ name: string, version: string }, rest),
      entries: arrayOf(entry),
    },
    { optional: { _xads: start }, ...rest },
  ),
});

/** Which entry a path is in, by its number and request, for a message a person can find it by. */
function entryOfPath(value: unknown, path: string): string {
  const index = /^log\.entries\[(\d+)\]/.exec(path)?.[1];
  if (index === undefined) return "";
  const request = (value as { log: { entries: { request?: { method?: unknown; url?: unknown } }[] } }).log.entries[
    Number(index)
  ]?.request;
  const named =
    typeof request?.method === "string" && typeof request.url === "string" ? ` (${request.method} ${request.url})` : "";
  return `entry ${Number(index) + 1}${named}: `;
}

/** Refuses anything but a whole recording, naming the first problem's entry and field. */
export function readRecording(value: unknown): Recording {
  const problem: Mismatch | undefined = recordingShape(value);
  if (problem) {
    throw new TypeError(
      `recording: ${entryOfPath(value, problem.path)}${problem.path || "the recording"} ${problem.problem}`,
    );
  }
  const recording = value as Recording;
  const snapshot = recording.log._xads?.snapshot;
  if (snapshot !== undefined) {
    try {
      assertSnapshot(snapshot);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const where = message.replace(/^snapshot: the snapshot /, "snapshot ").replace(/^snapshot: /, "snapshot.");
      throw new TypeError(`recording: log._xads.${where}`);
    }
  }
  return recording;
}

/** A recording from its JSON text. */
export function parseRecording(text: string): Recording {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`recording: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return readRecording(value);
}
