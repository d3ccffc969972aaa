// One request, start to end: route, faults, body, auth, rate limit, validation (@xads/validator), the
// operation's behaviour, and the answer in the document's own shapes. Nothing changes before the
// request is accepted, and an internal error answers 500 INTERNAL_ERROR and is logged.
import { getOperation, type ValidateOptions } from "@xads/validator";
import { handleAuth } from "./auth/handlers.js";
import { authenticate, BASE_STRING_HEADER } from "./auth/verify.js";
import { type Answer, ApiFailure, type Call, DroppedConnection } from "./call.js";
import { documents } from "./generated/index.js";
import { type ApiError, errorBody } from "./http/errors.js";
import { servedElsewhere } from "./http/hosts.js";
import { parseMultipart, partValue } from "./http/multipart.js";
import { percentEscapesAreUtf8, readRequest } from "./http/read.js";
import type { RequestLike } from "./http/request-like.js";
import { route } from "./http/router.js";
import { HINT_HEADER, RATE_LIMIT_HINT, RATE_LIMITED } from "./limits/hint.js";
import type { Exchange, ExchangeNotes, RuleOutcome, XRuleOutcome } from "./observe/exchange.js";
import { customHandlers } from "./operations/index.js";
import type { LoggedRequest } from "./request-log.js";
import { handleBatch } from "./resources/batch.js";
import { handleResource } from "./resources/handlers.js";
import { handleMembers } from "./resources/members.js";
import { typedParams } from "./resources/params.js";
import type { Runtime } from "./runtime.js";
import type { ErrorStyle, OperationSpec } from "./spec-types.js";

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The largest upload body: a simple upload of a 15 MB GIF (facts file), base64-encoded in a form, with
 * room for the form around it (a 5 MB chunk is far less).
 */
const MAX_UPLOAD_BODY_BYTES = 21 * 1024 * 1024;

export interface RequestMeta {
  /** The caller is on this machine: a failed signature answers the expected base string. */
  loopback: boolean;
  /** The document of the port the request came in on, for the body of an unknown path. */
  document?: string;
  /** The request's URL, when the caller parsed it already (it is parsed once per request). */
  url?: URL;
}

/** The error style of a path no operation has: by its prefix, else the port's document. */
function styleOfPath(pathname: string, document: string | undefined): ErrorStyle {
  if (/^\/(oauth|oauth2|1\.1\/oauth)\//.test(pathname)) return "auth";
  if (pathname.startsWith("/1.1/media")) return "upload-v1";
  if (pathname.startsWith("/2/media")) return "problem";
  if (/^\/(12|5)\//.test(pathname)) return "ads";
  return document === "auth" ? "auth" : document === "upload" ? "upload-v1" : "ads";
}

/**
 * An answer as it goes on the wire: status, header values and body text. The served ports write it
 * as it is; `fetch` turns it into a Response (toResponse).
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

function toReply(answer: Answer, extraHeaders: Record<string, string> = {}): Reply {
  const headers: Record<string, string> = { ...extraHeaders, ...answer.headers };
  let body: string | null = null;
  if (answer.body !== undefined && answer.status !== 204) {
    if (typeof answer.body === "string") {
      body = answer.body;
      headers["content-type"] = answer.contentType ?? "text/plain; charset=utf-8";
    } else {
      body = JSON.stringify(answer.body);
      headers["content-type"] = answer.contentType ?? "application/json; charset=utf-8";
    }
  }
  return { status: answer.status, headers, body };
}

export function toResponse(reply: Reply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

function failureAnswer(style: ErrorStyle, failure: ApiFailure, params: Record<string, unknown>): Answer {
  if (failure.operationErrors) {
    return {
      status: 400,
      body: {
        operation_errors: failure.operationErrors.map((errors) =>
          errors.map(({ code, message, parameter }) => ({
            code,
            message,
            ...(parameter !== undefined ? { parameter } : {}),
          })),
        ),
      },
    };
  }
  return { status: failure.errors[0]?.status ?? 400, body: errorBody(style, failure.errors, params) };
}

/**
 * Validator errors as the API's: a batch item's problems under `operation_errors` at its index (the
 * validator's `item`), each named by its place within the item (`field`) when it has one.
 */
function rejection(
  operation: OperationSpec,
  errors: Array<{ code: string; parameter: string; message: string; item?: number; field?: string }>,
): ApiFailure {
  const apiError = (e: (typeof errors)[number], parameter = e.parameter): ApiError => ({
    status: 400,
    code: e.code,
    message: e.message,
    parameter,
  });
  if (operation.batchItems === null) return new ApiFailure(errors.map((e) => apiError(e)));
  const general = errors.filter((e) => e.item === undefined);
  if (general.length > 0) return new ApiFailure(general.map((e) => apiError(e)));
  const count = Math.max(...errors.map((e) => e.item ?? 0)) + 1;
  const operationErrors: ApiError[][] = Array.from({ length: count }, () => []);
  for (const e of errors) operationErrors[e.item ?? 0]?.push(apiError(e, e.field ?? e.parameter));
  return new ApiFailure([], operationErrors);
}

function staticAnswer(operation: OperationSpec): Answer {
  if (operation.successStatus === 204 || operation.example === null) return { status: operation.successStatus };
  return {
    status: operation.successStatus,
    body: structuredClone(operation.example),
    ...(operation.successMediaType ? { contentType: operation.successMediaType } : {}),
  };
}

function behaviour(call: Call): Answer {
  const custom = customHandlers[call.operation.id];
  if (custom) return custom(call);
  const action = call.operation.resource?.action;
  if (action === "custom") throw new Error(`${call.operation.id}: action custom has no handler in operations/`);
  if (action === "batch") return handleBatch(call);
  if (action === "members") return handleMembers(call);
  if (action) return handleResource(call);
  return (call.operation.document === "auth" ? handleAuth(call) : undefined) ?? staticAnswer(call.operation);
}

/**
 * A form or multipart body's fields, as the hand-written behaviours read them (a binary part as its
 * bytes), after the query's when the operation's fields may travel there (`x-xads-fields-in-query`;
 * the validator has refused a field with two different values).
 */
function formFields(read: Awaited<ReturnType<typeof readRequest>>, query?: URLSearchParams): Record<string, unknown> {
  // Entries, then one object: a field named `__proto__` stays a field.
  const entries: Array<[string, unknown]> = query ? [...query] : [];
  if (/multipart\/form-data/i.test(read.contentType))
    for (const part of parseMultipart(read.bytes, read.contentType) ?? []) entries.push([part.name, partValue(part)]);
  else if (read.form) entries.push(...new URLSearchParams(read.form));
  return Object.fromEntries(entries);
}

/** The body as the validator reads it: JSON text, form text, or FormData for multipart. */
async function validationBody(
  operation: OperationSpec,
  read: Awaited<ReturnType<typeof readRequest>>,
): Promise<unknown> {
  if (!operation.bodyMediaType || read.bytes.byteLength === 0) return undefined;
  if (/multipart\/form-data/i.test(read.contentType)) {
    try {
      return await new Response(read.bytes.slice(), { headers: { "content-type": read.contentType } }).formData();
    } catch {
      return read.text;
    }
  }
  return read.text;
}

export async function handle(runtime: Runtime, request: RequestLike, meta: RequestMeta): Promise<Reply> {
  const started = performance.now();
  const at = runtime.clock.now();
  const url = meta.url ?? new URL(request.url);
  let operation: OperationSpec | undefined;
  let status = 500;
  let internal: string | undefined;
  let stack: string | undefined;
  let signatureHint: string | undefined;
  // What the observers are told (observe/exchange.ts), gathered only when one is attached.
  const seen: Seen | undefined = runtime.observers.size > 0 ? { errors: [], rules: [] } : undefined;
  let reply: Reply | undefined;
  try {
    reply = await answer();
    status = reply.status;
    return reply;
  } catch (error) {
    if (error instanceof DroppedConnection) {
      status = 0;
      throw error;
    }
    // The log (readable at /_emulator/requests) gets the error's class and message; the hook, the stack.
    internal = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    stack = error instanceof Error ? (error.stack ?? internal) : internal;
    const style = operation?.errorStyle ?? styleOfPath(url.pathname, meta.document);
    const failure = new ApiFailure([{ status: 500, code: "INTERNAL_ERROR", message: "Internal error" }]);
    status = 500;
    return toReply(failureAnswer(style, failure, {}));
  } finally {
    const entry: LoggedRequest | undefined = url.pathname.startsWith("/_emulator/")
      ? undefined
      : {
          at,
          method: request.method,
          url: url.pathname + url.search,
          operationId: operation?.id ?? null,
          status,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
          ...(internal ? { error: internal } : {}),
          ...(signatureHint ? { signatureHint } : {}),
        };
    const sequence = entry ? runtime.log.add(entry) : undefined;
    if (stack) runtime.onInternalError?.(stack, request.method, url.href);
    if (seen) tell(runtime, seen, { at, request, url, meta, operation, status, reply, entry, sequence });
  }

  async function answer(): Promise<Reply> {
    const method = request.method.toUpperCase();
    const matched = route(method, url.pathname, url.hostname);
    if (seen && matched.kind !== "operation") seen.refusedBy = "route";
    if (matched.kind === "none") {
      const style = styleOfPath(url.pathname, meta.document);
      const where = servedElsewhere(matched.elsewhere, url.hostname);
      const failure = new ApiFailure([
        { status: 404, code: "ROUTE_NOT_FOUND", message: `No route matches ${method} ${url.pathname}${where}` },
      ]);
      return toReply(failureAnswer(style, failure, {}));
    }
    if (matched.kind === "method-not-allowed") {
      const where = servedElsewhere(matched.elsewhere, url.hostname);
      const failure = new ApiFailure([
        { status: 405, code: "METHOD_NOT_ALLOWED", message: `${method} is not allowed on ${url.pathname}${where}` },
      ]);
      return toReply(failureAnswer(matched.operation.errorStyle, failure, {}), matched.operation.fixedHeaders);
    }
    const op = matched.operation;
    operation = op;
    const style = op.errorStyle;
    const fail = (failure: ApiFailure, params: Record<string, unknown>, headers: Record<string, string> = {}) => {
      if (seen) seen.errors.push(...failure.errors, ...(failure.operationErrors ?? []).flat());
      // Every answer of the operation carries its fixed headers (x-current-api-version), a refusal too.
      return toReply(failureAnswer(style, failure, params), { ...op.fixedHeaders, ...headers });
    };

    const fault = runtime.faults.take(op.id);
    if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault?.drop) throw new DroppedConnection();
    if (seen && (fault?.status || fault?.drop)) seen.refusedBy = "fault";
    if (fault?.status) {
      const code =
        { 429: "TOO_MANY_REQUESTS", 500: "INTERNAL_ERROR", 503: "SERVICE_UNAVAILABLE" }[fault.status] ??
        "INJECTED_FAULT";
      const headers: Record<string, string> = fault.status === 503 ? { "retry-after": String(fault.retryAfter) } : {};
      return fail(
        new ApiFailure([{ status: fault.status, code, message: `Injected fault (${fault.status})` }]),
        matched.path,
        headers,
      );
    }

    const limit = op.document === "upload" ? MAX_UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
    const read = await readRequest(request, limit);
    if (seen) {
      seen.body = read.text;
      // A multipart body has no text: its bytes, for an observer that keeps the request (a recording).
      if (read.text === "" && read.bytes.byteLength > 0) seen.bytes = read.bytes;
    }
    if (seen && (read.tooLarge || read.notUtf8)) seen.refusedBy = "body";
    if (read.tooLarge) {
      // What was not read is not waited for: the connection closes after the answer.
      const tooLarge = { status: 413, numeric: 44, code: "INVALID_PARAMETER", parameter: "body" };
      const message = `The request body is over ${limit} bytes`;
      return fail(new ApiFailure([{ ...tooLarge, message }]), matched.path, { connection: "close" });
    }
    const notUtf8 = read.notUtf8 ? "body" : percentEscapesAreUtf8(url.search) ? undefined : "query";
    if (notUtf8)
      return fail(
        new ApiFailure([
          { status: 400, code: "INVALID_PARAMETER", message: `The ${notUtf8} is not valid UTF-8`, parameter: notUtf8 },
        ]),
        matched.path,
      );

    const query = new URLSearchParams(url.search);
    // Ordinary POST and PUT parameters may come as a form body (facts file, "Where parameters travel").
    if (!op.bodyMediaType && read.form)
      for (const [key, value] of new URLSearchParams(read.form)) query.append(key, value);

    const now = runtime.clock.now();
    if (seen && now !== at) seen.now = now;
    const state = runtime.state();
    const auth = authenticate({
      operation: op,
      method,
      url,
      authorization: request.headers.get("authorization"),
      form: read.form,
      servers: documents.find((d) => d.name === op.document)?.servers ?? [],
      legacyServers: documents.find((d) => d.name === op.document)?.legacyServers ?? [],
      headers: request.headers,
      loopback: meta.loopback,
      state: state.auth,
      strict: runtime.options.auth === "strict",
      now,
      nonces: runtime.nonces,
    });
    if (seen) {
      if (auth.ok) Object.assign(seen, { credential: auth.credential, oauth: auth.oauth, signedFor: auth.signedFor });
      else seen.refusedBy = "auth";
    }
    if (!auth.ok) {
      signatureHint = auth.hint;
      const debug: Record<string, string> =
        auth.baseString && meta.loopback ? { [BASE_STRING_HEADER]: auth.baseString } : {};
      // The hint names URLs and parameter names only; another machine gets the API's own message.
      const error =
        auth.hint && meta.loopback ? { ...auth.error, message: `${auth.error.message}; ${auth.hint}` } : auth.error;
      return fail(new ApiFailure([error]), {}, debug);
    }
    // oauth_* parameters may travel in the Authorization header (RFC 5849 section 3.5.1).
    for (const parameter of op.parameters) {
      const fromHeader = auth.oauth?.[parameter.name];
      if (parameter.in === "query" && parameter.name.startsWith("oauth_") && !query.has(parameter.name) && fromHeader)
        query.set(parameter.name, fromHeader);
    }

    let rateHeaders: Record<string, string> = {};
    if (runtime.options.rateLimits) {
      const charge = runtime.limits.charge(
        op,
        auth.credential ?? "anonymous",
        matched.path.account_id,
        Object.fromEntries(query),
        now,
      );
      rateHeaders = charge.headers;
      if (seen && !charge.allowed) seen.refusedBy = "rate-limit";
      if (!charge.allowed)
        return fail(
          new ApiFailure([RATE_LIMITED]),
          {},
          {
            ...rateHeaders,
            ...(meta.loopback ? { [HINT_HEADER]: RATE_LIMIT_HINT } : {}),
          },
        );
    }
    const headers = { ...op.fixedHeaders, ...rateHeaders };

    const body = await validationBody(op, read);
    const options: ValidateOptions = { now: new Date(now) };
    // The x-rules' outcomes, for the observers: without one the validator is not asked for them.
    if (seen) {
      const xRules: XRuleOutcome[] = [];
      seen.xRules = xRules;
      options.onRule = ({ id, outcome }) => xRules.push({ id, outcome });
    }
    const verdict = getOperation(op.id).validateRequest(
      { path: matched.path, query, headers: request.headerRecord ?? (request.headers as Headers), body },
      options,
    );
    if (!verdict.valid) {
      if (seen) seen.refusedBy = "validation";
      // The error body echoes the request's parameters, typed as far as they read as their types.
      return fail(rejection(op, verdict.errors), { ...matched.path, ...typedParams(query, op.parameters) }, headers);
    }
    // The request as the validator typed it: nothing is read from the wire strings twice.
    const validated = verdict.request;
    const echo = { ...matched.path, ...validated.query };

    const call: Call = {
      operation: op,
      path: matched.path,
      query: validated.query,
      // A multipart body (read.text empty) is read as its fields, bytes kept, not as the validator's text.
      body: op.bodyMediaType?.includes("json") && read.text ? validated.body : undefined,
      fields: formFields(read, getOperation(op.id).body?.fieldsInQuery ? query : undefined),
      oauth: auth.oauth,
      credential: auth.credential,
      now,
      store: state.store,
      auth: state.auth,
      fixture: runtime.fixture,
      faults: runtime.faults,
      rules: runtime.rules,
      url,
      ...(seen ? { ruleOutcomes: seen.rules } : {}),
    };
    try {
      // The answer is made inside the writes' transaction: a write whose answer cannot be made is undone.
      return state.store.transaction(() => toReply(behaviour(call), headers));
    } catch (error) {
      if (error instanceof ApiFailure) return fail(error, echo, headers);
      throw error;
    }
  }
}

/** What the pipeline gathers of a request for its observers. */
interface Seen extends Partial<Pick<Exchange, "credential" | "oauth" | "signedFor" | "refusedBy">> {
  body?: string;
  bytes?: Uint8Array;
  now?: number;
  errors: Array<{ code: string; parameter?: string }>;
  rules: RuleOutcome[];
  xRules?: XRuleOutcome[];
}

/** Tells every observer what was asked and answered; an observer that throws is reported, not fatal. */
function tell(
  runtime: Runtime,
  seen: Seen,
  ended: {
    at: number;
    request: RequestLike;
    url: URL;
    meta: RequestMeta;
    operation: OperationSpec | undefined;
    status: number;
    reply: Reply | undefined;
    entry: LoggedRequest | undefined;
    sequence: number | undefined;
  },
): void {
  const { request, reply } = ended;
  const requestHeaders: Record<string, string> = {};
  if (request.headerRecord) {
    for (const [name, value] of Object.entries(request.headerRecord))
      if (value !== undefined) requestHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
  } else if (request.headers instanceof Headers) {
    for (const [name, value] of request.headers) requestHeaders[name] = value;
  }
  const exchange: Exchange = {
    tenant: runtime.tenant,
    at: ended.at,
    method: request.method.toUpperCase(),
    url: ended.url.href,
    requestHeaders,
    requestBody: seen.body === undefined || seen.body === "" ? undefined : seen.body,
    ...(seen.bytes ? { requestBytes: seen.bytes } : {}),
    ...(seen.now !== undefined ? { now: seen.now } : {}),
    operationId: ended.operation?.id ?? null,
    status: ended.status,
    responseHeaders: reply?.headers ?? {},
    responseBody: reply?.body ?? null,
    loopback: ended.meta.loopback,
    credential: seen.credential,
    oauth: seen.oauth,
    ...(seen.signedFor !== undefined ? { signedFor: seen.signedFor } : {}),
    ...(ended.sequence !== undefined ? { sequence: ended.sequence } : {}),
    errors: seen.errors.map(({ code, parameter }) => (parameter === undefined ? { code } : { code, parameter })),
    rules: seen.rules,
    ...(seen.xRules ? { xRules: seen.xRules } : {}),
    ...(seen.refusedBy ? { refusedBy: seen.refusedBy } : {}),
  };
  for (const observer of runtime.observers) {
    try {
      // An observer written before notes (`(e) => seen.push(e)`) answers whatever its last call did.
      const notes = observer.exchange(exchange);
      if (typeof notes === "object" && notes !== null) addNotes(notes, reply, ended.entry);
    } catch (error) {
      runtime.onInternalError?.(
        `observer failed: ${error instanceof Error ? error.message : String(error)}`,
        exchange.method,
        exchange.url,
      );
    }
  }
}

/** An observer's notes: headers on the answer (it is not sent yet), finding ids on the log entry. */
function addNotes(notes: ExchangeNotes, reply: Reply | undefined, entry: LoggedRequest | undefined): void {
  if (notes.headers && reply) Object.assign(reply.headers, notes.headers);
  if (notes.findings?.length && entry) entry.findings = [...(entry.findings ?? []), ...notes.findings];
}

/** A request that names no URL (its target or its Host): 400 in the port document's error body, logged. */
export function refuseMalformed(
  runtime: Runtime,
  reason: string,
  method: string,
  target: string,
  meta: RequestMeta,
): Reply {
  runtime.log.add({
    at: runtime.clock.now(),
    method,
    // As sent, cut short: a hostile target is logged, not kept whole.
    url: target.slice(0, 2048),
    operationId: null,
    status: 400,
    durationMs: 0,
  });
  const style = styleOfPath(target.startsWith("/") ? target : "", meta.document);
  const failure = new ApiFailure([
    { status: 400, code: "INVALID_PARAMETER", message: `Malformed request: ${reason}`, parameter: "request" },
  ]);
  return toReply(failureAnswer(style, failure, {}), { connection: "close" });
}
