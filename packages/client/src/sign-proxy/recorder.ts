// `xads-sign-proxy --record DIR`: each exchange the proxy signs and forwards, written to
// DIR/recording.har in the emulator's recording format (HAR 1.2 with `_xads` entry facts, without the
// emulator's start: a recording of the real API has none). The client cannot import the emulator, so
// the HAR objects are written here directly; tools/truth reads them with the emulator's reader.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HarRedactor } from "./har-redactor.js";
import type { ProxyCredentials } from "./signing-plan.js";

export const RECORDING_FILE = "recording.har";
const CREATOR = { name: "@xads/client sign-proxy", version: "recording 1" };
const HTTP_VERSION = "HTTP/1.1";

/** One exchange as the proxy forwarded it (the signed request) and as the target answered it. */
export interface ForwardedExchange {
  startedAt: number;
  endedAt: number;
  method: string;
  url: string;
  requestHeaders: Headers;
  requestBody: Uint8Array | undefined;
  status: number;
  responseHeaders: Headers;
  responseBody: Uint8Array;
}

type Pair = { name: string; value: string };

export interface HarRecorder {
  /** Appends the exchange, redacted; with a directory, rewrites the file (a run stopped half way keeps it). */
  record(exchange: ForwardedExchange): void;
  /** The recording so far (HAR 1.2 JSON data). */
  recording(): { log: { version: string; creator: typeof CREATOR; entries: unknown[] } };
  /** DIR/recording.har, when given a directory. */
  readonly file: string | undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function bodyText(bytes: Uint8Array, redactor: HarRedactor): { text: string; base64: boolean } {
  try {
    return { text: redactor.text(strictUtf8.decode(bytes)), base64: false };
  } catch {
    // A multipart body with binary parts: kept byte for byte; its text headers hold no credential.
    return { text: Buffer.from(bytes).toString("base64"), base64: true };
  }
}

function pairsOf(headers: Headers, redactor: HarRedactor): Pair[] {
  const pairs: Pair[] = [];
  headers.forEach((value, name) => {
    pairs.push({ name, value: redactor.header(name, value) });
  });
  return pairs;
}

function entryOf(exchange: ForwardedExchange, redactor: HarRedactor) {
  const url = redactor.text(exchange.url);
  const requestHeaders = pairsOf(exchange.requestHeaders, redactor);
  const post = exchange.requestBody && bodyText(exchange.requestBody, redactor);
  const answer = bodyText(exchange.responseBody, redactor);
  const mimeType = exchange.responseHeaders.get("content-type") ?? "";
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: Math.max(0, exchange.endedAt - exchange.startedAt),
    request: {
      method: exchange.method,
      url,
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: requestHeaders,
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(post
        ? {
            postData: {
              mimeType: exchange.requestHeaders.get("content-type") ?? "",
              text: post.text,
              ...(post.base64 ? { _xads: { encoding: "base64" } } : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: exchange.requestBody?.byteLength ?? 0,
    },
    response: {
      status: exchange.status,
      statusText: "",
      httpVersion: HTTP_VERSION,
      cookies: [],
      headers: pairsOf(exchange.responseHeaders, redactor),
      content: {
        size: exchange.responseBody.byteLength,
        mimeType,
        ...(exchange.responseBody.byteLength === 0
          ? {}
          : answer.base64
            ? { text: answer.text, encoding: "base64" }
            : { text: answer.text }),
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: exchange.responseBody.byteLength,
    },
    cache: {},
    timings: { send: 0, wait: Math.max(0, exchange.endedAt - exchange.startedAt), receive: 0 },
    // The proxy does not route by operation: readers find it from the method and path.
    _xads: { operationId: null },
  };
}

/**
 * A recorder redacting `credentials`, writing to `dir` when given (else kept in memory); one may be
 * shared by the proxies of several hosts, so their exchanges make one timeline.
 */
export function createHarRecorder(credentials: ProxyCredentials, dir?: string): HarRecorder {
  const file = dir === undefined ? undefined : join(dir, RECORDING_FILE);
  const redactor = new HarRedactor(credentials);
  const entries: unknown[] = [];
  const recording = () => ({ log: { version: "1.2", creator: { ...CREATOR }, entries } });
  const write = () => {
    if (!file) return;
    writeFileSync(`${file}.partial`, `${JSON.stringify(recording())}\n`);
    renameSync(`${file}.partial`, file);
  };
  if (dir !== undefined) mkdirSync(dir, { recursive: true });
  write();
  return {
    file,
    recording,
    record(exchange) {
      entries.push(entryOf(exchange, redactor));
      write();
    },
  };
}
