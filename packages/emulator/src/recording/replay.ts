// Replaying a recording: an emulator made from its start (snapshot, faults, options), and the check
// that sends every recorded request to one again and compares the answers (compare.ts).
//
// The recording keeps no secret, so a replay cannot verify a signature: it runs with lenient auth,
// where the credentials' stand-ins (`redacted.token.1`) sign as well as anything. The requests the
// recording shows refused by auth are not sent again (a lenient emulator would take them); a refused
// request changed nothing, so the rest replays the same. The clock is virtual and moved to each
// entry's time before it is sent. A credential the emulator issues while replaying (a bearer token,
// a request or access token) differs from the recorded one; the replay's redaction gives it the same
// stand-in, and the later requests that name that stand-in are sent with the new value.
import { fromBase64 } from "../bytes.js";
import { createEmulator } from "../emulator.js";
import type { Emulator } from "../emulator-interface.js";
import type { Exchange } from "../observe/exchange.js";
import { type Difference, firstDifference } from "./compare.js";
import type { HarEntry, Recording, RecordingStart } from "./har.js";
import { latin1Bytes, latin1Text } from "./latin1.js";
import { recordEntries } from "./recorder.js";
import { Redactor } from "./redact.js";
import { entryOf } from "./write.js";

/** Headers the transport sets: a replay lets fetch set them again. */
const NOT_SENT = new Set([
  "host",
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "proxy-connection",
]);

export function startOf(recording: Recording): RecordingStart {
  const start = recording.log._xads;
  if (!start)
    throw new TypeError(
      "recording: it has no start (log._xads: snapshot, clock, faults, options), so it cannot be replayed; only the emulator's recordings have one",
    );
  return start;
}

/**
 * An emulator in the recording's start state, with lenient auth. `virtualClock`: frozen at the
 * recording's start (a check); otherwise the clock runs as it was recorded (virtual, or real time).
 */
export async function replayEmulator(recording: Recording, options: { virtualClock: boolean }): Promise<Emulator> {
  const start = startOf(recording);
  const emulator = await createEmulator({
    auth: "lenient",
    rateLimits: start.options.rateLimits,
    disabledRules: start.options.disabledRules,
  });
  const clock = options.virtualClock ? { frozen: true, value: start.clock.start } : start.snapshot.clock;
  emulator.restore({ ...start.snapshot, clock });
  for (const fault of start.faults) {
    emulator.faults.add({
      operationId: fault.operationId,
      ...(fault.status === null ? {} : { status: fault.status }),
      times: fault.times ?? Number.POSITIVE_INFINITY,
      delayMs: fault.delayMs,
      retryAfter: fault.retryAfter,
      drop: fault.drop,
      ...(fault.processing ? { processing: fault.processing } : {}),
    });
  }
  return emulator;
}

/** The recorded request, with the stand-ins of credentials this replay has met put back. */
function requestOf(entry: HarEntry, redactor: Redactor): [string, RequestInit] {
  const { request } = entry;
  const headers = new Headers();
  for (const { name, value } of request.headers)
    if (!NOT_SENT.has(name.toLowerCase())) headers.append(name, redactor.unredact(value));
  const post = request.postData;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (post?._xads?.encoding === "base64") body = latin1Bytes(redactor.unredact(latin1Text(fromBase64(post.text))));
  else if (post) body = redactor.unredact(post.text);
  return [redactor.unredact(request.url), { method: request.method, headers, ...(body === undefined ? {} : { body }) }];
}

/** A recorded entry as the exchange it was, for the redaction to meet its stand-ins in order. */
function exchangeOf(entry: HarEntry, tenant: string): Exchange {
  const header = (pairs: HarEntry["request"]["headers"]) => Object.fromEntries(pairs.map((p) => [p.name, p.value]));
  const post = entry.request.postData;
  const facts = entry._xads;
  return {
    tenant,
    at: facts?.at ?? Date.parse(entry.startedDateTime),
    method: entry.request.method,
    url: entry.request.url,
    requestHeaders: header(entry.request.headers),
    requestBody: post && !post._xads ? post.text : undefined,
    ...(post?._xads ? { requestBytes: fromBase64(post.text) } : {}),
    operationId: facts?.operationId ?? null,
    status: entry.response.status,
    responseHeaders: header(entry.response.headers),
    responseBody: entry.response.content.text ?? null,
    loopback: facts?.loopback !== false,
    credential: facts?.credential,
    oauth: undefined,
    errors: [],
    rules: [],
    ...(facts?.refusedBy ? { refusedBy: facts.refusedBy as Exchange["refusedBy"] } : {}),
  };
}

/** A fault the recording shows taken but the replay does not have pending (one added while recording). */
function addMissingFault(emulator: Emulator, entry: HarEntry): void {
  const operationId = entry._xads?.operationId;
  if (!operationId) return;
  const pending = emulator.faults
    .list()
    .some((f) => f.processing === null && f.times > 0 && (f.operationId === "*" || f.operationId === operationId));
  if (pending) return;
  const retryAfter = Number(entry.response.headers.find((h) => h.name.toLowerCase() === "retry-after")?.value ?? 1);
  emulator.faults.add({
    operationId,
    ...(entry._xads?.dropped ? { drop: true } : { status: entry.response.status }),
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  });
}

export interface ReplayCheck {
  /** Entries sent again and compared. */
  compared: number;
  /** Entries not sent again, by number (1-based), and why. */
  skipped: { entry: number; reason: string }[];
  /** The first entry whose answer differs, by number (1-based). */
  difference?: Difference & { entry: number; request: string };
}

/** Sends every recorded request, in order, to a fresh emulator made from the start, and compares. */
export async function checkReplay(recording: Recording): Promise<ReplayCheck> {
  const emulator = await replayEmulator(recording, { virtualClock: true });
  const redactor = new Redactor();
  // The start's credentials meet the redaction in the order the recording's did.
  redactor.snapshot(emulator.snapshot());
  let replayed: HarEntry | undefined;
  const detach = recordEntries(emulator, redactor, (entry) => {
    replayed = entry;
  });
  const result: ReplayCheck = { compared: 0, skipped: [] };
  try {
    for (const [index, entry] of recording.log.entries.entries()) {
      const facts = entry._xads;
      if (facts?.refusedBy === "auth") {
        entryOf(exchangeOf(entry, emulator.tenant), redactor);
        result.skipped.push({
          entry: index + 1,
          reason: "refused by auth (a lenient replay cannot re-check a redacted signature)",
        });
        continue;
      }
      const at = facts?.at ?? Date.parse(entry.startedDateTime);
      const now = emulator.clock.now();
      if (at > now) emulator.clock.advance(at - now);
      if (facts?.refusedBy === "fault" || facts?.dropped) addMissingFault(emulator, entry);
      replayed = undefined;
      try {
        await (await emulator.fetch(...requestOf(entry, redactor))).arrayBuffer();
      } catch (error) {
        // A dropped connection rejects, as it did when recorded; the exchange still reached the recorder.
        if (!(error instanceof TypeError) || !replayed) throw error;
      }
      result.compared++;
      const request = `${entry.request.method} ${entry.request.url}${facts?.operationId ? `, ${facts.operationId}` : ""}`;
      const difference = replayed
        ? firstDifference(entry, replayed)
        : { field: "exchange", recorded: "an answer", replayed: "none (the request reached no operation)" };
      if (difference) {
        result.difference = { entry: index + 1, request, ...difference };
        return result;
      }
    }
    return result;
  } finally {
    detach();
  }
}
