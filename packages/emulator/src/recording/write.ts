// The one writer of recordings: an emulator's start and each exchange an observer saw, as HAR 1.2
// entries with their credentials redacted (redact.ts). A replay writes its own exchanges with it too,
// so that a recorded entry and a replayed one are compared as the same function made them.
import { utf8Length } from "../bytes.js";
import type { Emulator } from "../emulator-interface.js";
import type { Fault } from "../faults.js";
import type { Exchange } from "../observe/exchange.js";
import {
  type EntryFacts,
  type HarEntry,
  type HarPair,
  type HarPostData,
  RECORDING_FORMAT,
  type RecordedFault,
  type RecordedOptions,
  type Recording,
  type RecordingStart,
} from "./har.js";
import { latin1Text } from "./latin1.js";
import type { Redactor } from "./redact.js";

const CREATOR = { name: "@xads/emulator", version: "recording 1" };
const HTTP_VERSION = "HTTP/1.1";

const recordedFault = ({ operationId, status, times, delayMs, retryAfter, drop, processing }: Fault) => ({
  operationId,
  status,
  times: Number.isFinite(times) ? times : null,
  delayMs,
  retryAfter,
  drop,
  processing,
});

/** What a replay starts from: the emulator's snapshot (redacted), clock, pending faults and options. */
export function recordingStart(emulator: Emulator, options: RecordedOptions, redactor: Redactor): RecordingStart {
  const snapshot = emulator.snapshot();
  return {
    format: RECORDING_FORMAT,
    version: 1,
    options: { ...options, disabledRules: [...options.disabledRules] },
    clock: { start: emulator.clock.now(), virtual: snapshot.clock.frozen },
    faults: emulator.faults.list().map(recordedFault) satisfies RecordedFault[],
    snapshot: redactor.snapshot(snapshot),
  };
}

export function recordingOf(start: RecordingStart | undefined, entries: HarEntry[]): Recording {
  return { log: { version: "1.2", creator: { ...CREATOR }, entries, ...(start ? { _xads: start } : {}) } };
}

const headerValue = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** A multipart body: as text when it is UTF-8, else base64 (its binary parts kept byte for byte). */
function bytesPostData(bytes: Uint8Array, mimeType: string, redactor: Redactor): HarPostData {
  try {
    return { mimeType, text: redactor.text(strictUtf8.decode(bytes)) };
  } catch {
    return { mimeType, text: btoa(redactor.text(latin1Text(bytes))), _xads: { encoding: "base64" } };
  }
}

/** The bytes of a recorded body: its UTF-8 text, or what its base64 holds. */
function bodySize({ text, _xads }: HarPostData): number {
  if (!_xads) return utf8Length(text);
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

function postDataOf(exchange: Exchange, redactor: Redactor): HarPostData | undefined {
  const mimeType = headerValue(exchange.requestHeaders, "content-type") ?? "";
  if (exchange.requestBytes) return bytesPostData(exchange.requestBytes, mimeType, redactor);
  if (exchange.requestBody === undefined) return undefined;
  return { mimeType, text: redactor.text(exchange.requestBody) };
}

const pairs = (headers: Record<string, string>, redactor: Redactor): HarPair[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value: redactor.header(name, value) }));

function queryOf(url: string): HarPair[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** The clock its behaviour ran at: a replay moves its clock there before sending it. */
const answeredAt = (exchange: Exchange) => exchange.now ?? exchange.at;

function factsOf(exchange: Exchange, redactor: Redactor): EntryFacts {
  return {
    operationId: exchange.operationId,
    ...(answeredAt(exchange) === Math.floor(exchange.at) ? {} : { at: answeredAt(exchange) }),
    ...(exchange.refusedBy ? { refusedBy: exchange.refusedBy } : {}),
    ...(exchange.rules.length > 0
      ? { rules: exchange.rules.map(({ ids, name, held }) => ({ ids: [...ids], name, held })) }
      : {}),
    ...(exchange.credential ? { credential: redactor.standIn(exchange.credential, "token") } : {}),
    ...(exchange.loopback ? {} : { loopback: false as const }),
    ...(exchange.status === 0 ? { dropped: true as const } : {}),
  };
}

/** One exchange as a HAR entry, redacted; the request before the answer, as a replay reads them. */
export function entryOf(exchange: Exchange, redactor: Redactor): HarEntry {
  const url = redactor.text(exchange.url);
  const postData = postDataOf(exchange, redactor);
  const headers = pairs(exchange.requestHeaders, redactor);
  const responseHeaders = pairs(exchange.responseHeaders, redactor);
  const text = exchange.responseBody === null ? undefined : redactor.text(exchange.responseBody);
  const size = text === undefined ? 0 : utf8Length(text);
  return {
    startedDateTime: new Date(Math.floor(exchange.at)).toISOString(),
    time: 0,
    request: {
      method: exchange.method,
      url,
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers,
      queryString: queryOf(url),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: postData ? bodySize(postData) : 0,
    },
    response: {
      status: exchange.status,
      statusText: "",
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: responseHeaders,
      content: {
        size,
        mimeType: headerValue(exchange.responseHeaders, "content-type") ?? "",
        ...(text === undefined ? {} : { text }),
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: size,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    _xads: factsOf(exchange, redactor),
  };
}
