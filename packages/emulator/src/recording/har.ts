// The recording format: HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), so that any HAR
// tool reads the exchanges, with what HAR has no place for under `_xads`: the emulator's start (its
// snapshot, clock, faults and options) on the log, and per entry what the emulator saw of it (the
// operation, the state rules its writes ran, what refused it). A recording of the real sandbox (made
// by a signing proxy) is the same format without the start.
import type { Snapshot } from "../snapshot.js";

export const RECORDING_FORMAT = "xads-recording";

export interface HarPair {
  name: string;
  value: string;
}

export interface HarPostData {
  mimeType: string;
  /** The body as sent; base64 when `_xads.encoding` says so (a multipart body with binary parts). */
  text: string;
  _xads?: { encoding: "base64" };
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarPair[];
  headers: HarPair[];
  queryString: HarPair[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
}

export interface HarContent {
  size: number;
  mimeType: string;
  /** Absent for an answer without a body. */
  text?: string;
  encoding?: string;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarPair[];
  headers: HarPair[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
}

/** A state rule the exchange's writes ran (observe/exchange.ts). */
export interface RecordedRule {
  ids: string[];
  name: string;
  held: boolean;
}

/** What the emulator saw of an exchange, beyond HAR's request and response. */
export interface EntryFacts {
  operationId: string | null;
  /**
   * The emulator's clock when it answered, when `startedDateTime` (its start, to the ms) does not say
   * it: a real-time clock moved while the body arrived, or a fraction of a ms.
   */
  at?: number;
  /** What refused it before its behaviour ran (route, fault, body, auth, rate-limit, validation). */
  refusedBy?: string;
  rules?: RecordedRule[];
  /** Who it was signed by, redacted to the credential's stand-in (`redacted.token.1`). */
  credential?: string;
  /** Present (false) only for a caller on another machine. */
  loopback?: false;
  /** The connection was dropped (an injected fault): no answer at all. */
  dropped?: true;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  _xads?: EntryFacts;
}

/** A pending fault at the start, as `faults.list()` answers it; `times: null` for Infinity. */
export interface RecordedFault {
  operationId: string;
  status: number | null;
  times: number | null;
  delayMs: number;
  retryAfter: number;
  drop: boolean;
  processing: "failed" | null;
}

export interface RecordedOptions {
  auth: "strict" | "lenient";
  rateLimits: boolean;
  disabledRules: string[];
}

/** The emulator's start: what a replay starts from. */
export interface RecordingStart {
  format: typeof RECORDING_FORMAT;
  version: 1;
  options: RecordedOptions;
  /** The clock when the recording started, and whether it was virtual (`now`) or real time. */
  clock: { start: number; virtual: boolean };
  faults: RecordedFault[];
  /** `emu.snapshot()`, its credentials redacted. */
  snapshot: Snapshot;
}

export interface Recording {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: HarEntry[];
    _xads?: RecordingStart;
  };
}

/** A recording under way (`emu.record()`). */
export interface RecordingHandle {
  /** Stops recording and answers the recording (JSON data); later calls answer the same one. */
  stop(): Recording;
}
