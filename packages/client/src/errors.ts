import { type ErrorBodyOf, isRecord, rawErrorBody } from "./error-bodies.js";
import type { RateLimitState } from "./rate-limit.js";

/** One error of the API's error list. Ads errors have string codes; the authentication host uses numbers. */
export interface ApiErrorItem {
  code: string | number;
  message: string;
  parameter?: string;
  [field: string]: unknown;
}

/** Item-level errors of a batch, with `index` the position of the item in the caller's input. */
export interface OperationError {
  index: number;
  errors: ApiErrorItem[];
}

export interface XAdsApiErrorInit {
  status: number;
  method: string;
  path: string;
  errors?: ApiErrorItem[];
  operationErrors?: OperationError[];
  rateLimit?: RateLimitState;
  body?: unknown;
  message?: string;
  batch?: BatchPosition;
}

/** Where a failed batch request sits in the caller's input. */
export interface BatchPosition {
  /** Index of the first input item of the failed request. */
  offset: number;
  /** Number of input items in the failed request. */
  size: number;
  /** Input items applied by earlier requests (indices 0 to applied - 1). */
  applied: number;
}

/**
 * An error answer of the API (or a failed batch or upload). It carries the status, the API's error
 * list, the rate-limit state and the method and path (without the query), and never a credential:
 * no header, query string or signature of the request is kept.
 */
export class XAdsApiError extends Error {
  override readonly name = "XAdsApiError";
  readonly status: number;
  readonly method: string;
  /** The URL path, without host or query. */
  readonly path: string;
  /**
   * The API's error list; for a body that is not the API's (an HTML 404, a plain-text OAuth error), the
   * one error the client makes from the status, as the call's `error` has it (`{code: "NOT_FOUND"}`).
   */
  readonly errors: ApiErrorItem[];
  readonly operationErrors: OperationError[];
  readonly rateLimit: RateLimitState | undefined;
  /** The parsed JSON body, or the text when it is not JSON (for example an HTML 404 page), or undefined. */
  readonly body: unknown;
  /** For a batch helper: which input items the failed request carried. */
  readonly batch: BatchPosition | undefined;

  constructor(init: XAdsApiErrorInit) {
    const errors = init.errors ?? [];
    const first = errors[0];
    const detail = first
      ? `${first.code}: ${first.message}${first.parameter ? ` (parameter ${first.parameter})` : ""}${errors.length > 1 ? ` and ${errors.length - 1} more` : ""}`
      : `HTTP ${init.status}`;
    super(init.message ?? `${init.method} ${init.path} failed with ${init.status}: ${detail}`);
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.errors = errors;
    this.operationErrors = init.operationErrors ?? [];
    this.rateLimit = init.rateLimit;
    this.body = init.body;
    this.batch = init.batch;
  }
}

/** A request (or response) that the optional validator rejected; nothing was sent for a request. */
export class XAdsValidationError extends Error {
  override readonly name = "XAdsValidationError";
  readonly direction: "request" | "response";
  readonly operationId: string;
  readonly errors: { code: string; parameter?: string; message: string }[];

  constructor(
    direction: "request" | "response",
    operationId: string,
    errors: { code: string; parameter?: string; message: string }[],
  ) {
    const list = errors.map((e) => `${e.parameter ?? "(body)"}: ${e.message} [${e.code}]`).join("; ");
    super(`${operationId}: invalid ${direction}: ${list}`);
    this.direction = direction;
    this.operationId = operationId;
    this.errors = errors;
  }
}

/** The path of an absolute URL or of a path with a query; never the query, which may carry tokens. */
export function pathOf(url: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const rest = scheme ? url.slice(scheme[0].length) : url;
  const end = rest.search(/[?#]/);
  const path = end === -1 ? rest : rest.slice(0, end);
  return path === "" ? "/" : path;
}

/** Reads the API's error list from a parsed body: `{errors: [...]}` or a v2 problem object `{title, detail}`. */
export function errorItemsOf(body: unknown): ApiErrorItem[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.errors)) {
    return body.errors.filter(isRecord).map((e) => ({
      ...e,
      code: typeof e.code === "number" || typeof e.code === "string" ? e.code : "UNKNOWN",
      message: typeof e.message === "string" ? e.message : "",
    }));
  }
  if (typeof body.title === "string") {
    return [{ code: body.title, message: typeof body.detail === "string" ? body.detail : body.title }];
  }
  return [];
}

/** Parses a body text as JSON, or keeps the text when it is not JSON. */
export function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Reads a successful answer read as text (`parseAs: "text"`) as JSON; a body that is not JSON throws
 * {@link XAdsApiError} with the status, method and path, never a raw SyntaxError.
 */
export function jsonAnswer(text: unknown, response: Response, method: string, path: string): unknown {
  if (typeof text !== "string" || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new XAdsApiError({
      status: response.status,
      method,
      path,
      body: text,
      message: `${method} ${path}: the ${response.status} answer is not valid JSON (${text.length} characters)`,
    });
  }
}

/**
 * Builds the error for a non-2xx response whose body was already read (`body` parsed, or its text; or
 * the call's `error`, which the client may have made: `body` is then what the host sent). With a
 * `form`, a body not in the API's form gives the errors of the body the client makes for it.
 */
export function apiErrorFrom(
  response: Response,
  method: string,
  body: unknown,
  rateLimit: RateLimitState | undefined,
  url: string = response.url,
  form?: ErrorBodyOf,
): XAdsApiError {
  const raw = rawErrorBody(response);
  return new XAdsApiError({
    status: response.status,
    method: method.toUpperCase(),
    path: pathOf(url),
    errors: errorItemsOf(form ? form(response, body) : body),
    rateLimit,
    body: raw === undefined ? body : raw,
  });
}

/** Builds the error for a response, reading a clone of its body. */
export async function apiErrorFromResponse(
  response: Response,
  method: string,
  rateLimit: RateLimitState | undefined,
  url: string = response.url,
  form?: ErrorBodyOf,
): Promise<XAdsApiError> {
  const text = await response.clone().text();
  return apiErrorFrom(response, method, parseBody(text), rateLimit, url, form);
}
