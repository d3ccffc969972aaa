// One exchange as the doctor remembers it: the few facts its checks compare with later requests, each
// value cut short, so that what a caller's history holds is bounded by its count.
import { parseAuthorization } from "../auth/oauth1.js";
import { windowOf } from "../limits/rate-limits.js";
import type { Exchange } from "../observe/exchange.js";
import type { OperationSpec } from "../spec-types.js";

export interface Observed {
  /** Its number in the tenant's request log. */
  sequence: number;
  at: number;
  method: string;
  /** The URL's path, without the query. */
  path: string;
  /** The method and the whole URL: what an OAuth 1.0a signature is computed for. */
  target: string;
  operationId: string | null;
  status: number;
  /** The rate-limit window it counted against: its operation, or the window shared by several. */
  window: string | undefined;
  /** A 429's `x-rate-limit-reset` (the account-level one when present), ms. */
  resetAt: number | undefined;
  /** A 503's `retry-after`, as the time the client may send again, ms. */
  retryAt: number | undefined;
  /** The Authorization header's `oauth_nonce` and `oauth_signature`. */
  nonce: string | undefined;
  signature: string | undefined;
  /** The `cursor` sent. */
  cursor: string | undefined;
  /** A list answer's `next_cursor` (null on the last page); undefined for any other answer. */
  nextCursor: string | null | undefined;
  /** The media id a STATUS request asks about. */
  polls: string | undefined;
  /** An upload answer's processing: its media id, and when `check_after_secs` says to poll, ms. */
  processing: { mediaId: string; pollAt: number } | undefined;
  /** A batch request's item count and operation types (`Create`, `Create,Update`...). */
  batch: { items: number; types: string } | undefined;
}

const STATUS_OPERATIONS = new Set(["getMediaUploadCommandStatus", "getMediaUploadStatus"]);
const cut = (text: string | undefined, length: number) => (text === undefined ? undefined : text.slice(0, length));

function parseJson(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A header of seconds as the time it names, ms: Unix seconds (`x-rate-limit-reset`). */
function epochSeconds(value: string | undefined): number | undefined {
  const seconds = Number(value);
  return value !== undefined && Number.isFinite(seconds) ? seconds * 1000 : undefined;
}

/** `retry-after`: delay seconds or an HTTP date, as the time it names, ms. */
function retryAfter(value: string | undefined, at: number): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return at + seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

/** The list envelope's `next_cursor`, read without parsing the page (the emulator writes it as JSON). */
function nextCursorOf(body: string | null): string | null | undefined {
  const match = /"next_cursor":(null|"((?:[^"\\]|\\.)*)")/.exec(body ?? "");
  if (!match) return undefined;
  return match[1] === "null" ? null : cut(match[2], 512);
}

/** The processing an upload answer reports (v1.1 at the top, v2 under `data`). */
function processingOf(body: string | null, at: number): Observed["processing"] {
  const parsed = parseJson(body);
  const media = isObject(parsed) && isObject(parsed.data) ? parsed.data : parsed;
  if (!isObject(media) || !isObject(media.processing_info)) return undefined;
  const { state, check_after_secs: after } = media.processing_info;
  const mediaId = media.media_id_string ?? media.id;
  if (typeof mediaId !== "string" || typeof after !== "number") return undefined;
  if (state !== "pending" && state !== "in_progress") return undefined;
  return { mediaId: mediaId.slice(0, 64), pollAt: at + after * 1000 };
}

function batchOf(body: string | undefined): Observed["batch"] {
  const items = parseJson(body);
  if (!Array.isArray(items)) return undefined;
  const types = new Set(items.map((item) => (isObject(item) ? String(item.operation_type) : "?").slice(0, 16)));
  return { items: items.length, types: [...types].sort().slice(0, 4).join(",") };
}

export function observe(
  exchange: Exchange,
  sequence: number,
  operation: OperationSpec | undefined,
  url: URL,
  params: URLSearchParams,
): Observed {
  const { status, responseHeaders: answered } = exchange;
  const ok = status >= 200 && status < 300;
  const oauth = parseAuthorization(exchange.requestHeaders.authorization ?? null);
  return {
    sequence,
    at: exchange.at,
    method: exchange.method,
    path: url.pathname.slice(0, 512),
    target: `${exchange.method} ${url.href}`.slice(0, 2048),
    operationId: exchange.operationId,
    status,
    window: operation ? windowKey(operation, params) : undefined,
    resetAt:
      status === 429
        ? epochSeconds(answered["x-account-rate-limit-reset"] ?? answered["x-rate-limit-reset"])
        : undefined,
    retryAt: status === 503 ? retryAfter(answered["retry-after"], exchange.at) : undefined,
    nonce: cut(oauth?.oauth_nonce, 256),
    signature: cut(oauth?.oauth_signature, 256),
    cursor: cut(params.get("cursor") ?? undefined, 512),
    nextCursor: ok && operation?.envelope === "list" ? nextCursorOf(exchange.responseBody) : undefined,
    polls: operation && STATUS_OPERATIONS.has(operation.id) ? cut(params.get("media_id") ?? undefined, 64) : undefined,
    processing: ok && operation?.document === "upload" ? processingOf(exchange.responseBody, exchange.at) : undefined,
    batch: operation?.batchItems ? batchOf(exchange.requestBody) : undefined,
  };
}

/** The window as the limiter counts it: per operation, or one window for every operation it governs. */
function windowKey(operation: OperationSpec, params: URLSearchParams): string {
  const window = windowOf(operation, Object.fromEntries(params));
  return window.scope === "window" ? `window ${window.name}` : operation.id;
}
