import { guardBody } from "./guarded-body.js";
import { signOAuth1 } from "./oauth1.js";
import { parseRateLimit, parseRetryAfter, type RateLimitState } from "./rate-limit.js";
import { timerSleep } from "./sleep.js";

/** The fetch the client calls; `globalThis.fetch` by default. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** OAuth 1.0a user-context (or application) credentials. */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** Retry policy. Delays are full-jitter exponential backoff, except where the API names the wait. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First backoff ceiling in ms (default 500); it doubles per attempt. */
  baseDelayMs?: number;
  /** Ceiling of one backoff delay in ms (default 30 000). */
  maxDelayMs?: number;
  /** The longest wait the client accepts for a 429 reset or a 503 `retry-after`, in ms (default 900 000); a longer one answers at once. */
  maxWaitMs?: number;
  /** Methods that are retried (default the idempotent ones: GET, HEAD, OPTIONS, PUT, DELETE). */
  methods?: readonly string[];
}

export interface TransportOptions {
  fetch?: FetchLike | undefined;
  oauth1?: OAuth1Credentials | undefined;
  /** A bearer token, or a function that returns one (for example `auth.bearerToken`). */
  bearer?: string | (() => string | Promise<string>) | undefined;
  retry?: RetryOptions | false | undefined;
  /**
   * Per-attempt timeout in ms until the response has arrived, its body read to the end included
   * (default 30 000; 0 turns it off).
   */
  timeoutMs?: number | undefined;
  /** Called with the rate-limit state of every response that carries one. */
  onRateLimit?: ((state: RateLimitState, response: Response) => void) | undefined;
  /** Clock in ms (default `Date.now`); signing uses it for `oauth_timestamp`, retries for the 429 wait. */
  now?: (() => number) | undefined;
  /** Nonce source for signing (default: 32 random ASCII letters and digits). */
  nonce?: (() => string) | undefined;
  /** Randomness for jitter, in [0, 1) (default `Math.random`). */
  random?: (() => number) | undefined;
}

/** Thrown when one attempt got no response headers within `timeoutMs` (and no retry was left). */
export class XAdsTimeoutError extends Error {
  override readonly name = "XAdsTimeoutError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} ${path}: no response within ${timeoutMs} ms`);
  }
}

const IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];
const FORM = "application/x-www-form-urlencoded";
const decoder = new TextDecoder();

function pathOnly(url: string): string {
  const match = /^[a-z]+:\/\/[^/?#]*([^?#]*)/i.exec(url);
  return match?.[1] || "/";
}

/**
 * What openapi-fetch builds for a call when only this package's transport and its own light middleware
 * read it (see `create-client.ts`): the URL and the init as openapi-fetch assembled them. A real
 * `Request` would copy the headers, create an AbortSignal and wrap the body, only for the transport to
 * read them back; skipping it saves several microseconds per request.
 */
export class PreparedRequest {
  constructor(
    readonly url: string,
    readonly init: RequestInit,
  ) {}
  get method(): string {
    return this.init.method ?? "GET";
  }
}

/** One request as the transport sends it, whichever way it arrived. */
interface Outgoing {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | undefined;
  /** The caller's signal, when there is one. */
  signal: AbortSignal | undefined;
  redirect: RequestRedirect | undefined;
  /** The `x-www-form-urlencoded` body as text, for signing. */
  form: string | undefined;
}

const isForm = (headers: Headers) => headers.get("content-type")?.startsWith(FORM) === true;

/** Reads the parts of a request once; string and absent bodies skip the `Request` round trip. */
function outgoing(request: Request | PreparedRequest): Outgoing | Promise<Outgoing> {
  if (request instanceof PreparedRequest) {
    const { init } = request;
    const body = init.body ?? undefined;
    if ((body === undefined || typeof body === "string") && init.headers instanceof Headers) {
      const headers = init.headers;
      return {
        method: request.method,
        url: request.url,
        headers,
        body,
        signal: init.signal ?? undefined,
        redirect: init.redirect,
        form: body !== undefined && isForm(headers) ? body : undefined,
      };
    }
    return fromRequest(new Request(request.url, init));
  }
  return fromRequest(request);
}

/** Bodies sent as text: JSON, forms and text. */
const isText = (headers: Headers) => /json|x-www-form-urlencoded|^text\//.test(headers.get("content-type") ?? "");

async function fromRequest(request: Request): Promise<Outgoing> {
  const headers = request.headers;
  let body: string | Blob | undefined;
  let form: string | undefined;
  if (request.body !== null) {
    // A string or a Blob, not the ArrayBuffer read here: fetch sends a body again after a 307 or 308
    // redirect, and an ArrayBuffer it sent once is detached (Node 20 then fails the redirect).
    const buffer = await request.arrayBuffer();
    body = isText(headers) ? decoder.decode(buffer) : new Blob([buffer]);
    if (isForm(headers) && typeof body === "string") form = body;
  }
  return {
    method: request.method,
    url: request.url,
    headers,
    body,
    signal: request.signal,
    redirect: request.redirect,
    form,
  };
}

export interface Transport {
  (request: Request | PreparedRequest): Promise<Response>;
  /** The rate-limit state of the latest response that had one. */
  readonly rateLimit: RateLimitState | undefined;
}

/**
 * The fetch that openapi-fetch calls: for every attempt it signs (fresh nonce and timestamp), applies
 * the per-attempt timeout and the caller's AbortSignal, parses the rate-limit headers, and retries
 * 429, 503, other 5xx and network errors for the methods the policy allows.
 */
export function createTransport(options: TransportOptions): Transport {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retry = options.retry === false ? { retries: 0 } : (options.retry ?? {});
  const retries = retry.retries ?? 3;
  const baseDelayMs = retry.baseDelayMs ?? 500;
  const maxDelayMs = retry.maxDelayMs ?? 30_000;
  const maxWaitMs = retry.maxWaitMs ?? 900_000;
  const retryMethods = new Set((retry.methods ?? IDEMPOTENT).map((m) => m.toUpperCase()));
  const { oauth1, bearer, onRateLimit, nonce } = options;
  let latest: RateLimitState | undefined;

  /** The Authorization value: synchronous for OAuth 1.0a, so that signed requests wait for nothing. */
  const authorize = (method: string, url: string, form: string | undefined): string | Promise<string> | undefined => {
    if (oauth1) {
      return signOAuth1({
        method,
        url,
        form,
        consumerKey: oauth1.consumerKey,
        consumerSecret: oauth1.consumerSecret,
        token: oauth1.token,
        tokenSecret: oauth1.tokenSecret,
        nonce: nonce?.(),
        timestamp: Math.floor(now() / 1000),
      }).authorization;
    }
    if (typeof bearer === "string") return `Bearer ${bearer}`;
    if (bearer !== undefined) return Promise.resolve(bearer()).then((token) => `Bearer ${token}`);
    return undefined;
  };

  const backoff = (attempt: number) => Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));

  /** The wait before the next attempt, or undefined when this response is final. */
  const retryDelay = (response: Response, attempt: number, state: RateLimitState | undefined): number | undefined => {
    const status = response.status;
    let wait: number | undefined;
    if (status === 429) {
      wait = state && Number.isFinite(state.reset) ? Math.max(0, state.reset * 1000 - now()) : undefined;
    } else if (status === 503) {
      wait = parseRetryAfter(response.headers.get("retry-after"), now());
    } else if (status < 500) {
      return undefined;
    }
    if (wait === undefined) return backoff(attempt);
    return wait > maxWaitMs ? undefined : wait + backoff(0) / 10;
  };

  const transport = async (request: Request | PreparedRequest): Promise<Response> => {
    const parts = outgoing(request);
    const { method, url, headers, body, signal, redirect, form } = parts instanceof Promise ? await parts : parts;
    const maxAttempts = retryMethods.has(method) ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw signal.reason;
      const pending = authorize(method, url, form);
      const authorization = pending instanceof Promise ? await pending : pending;
      if (authorization !== undefined) headers.set("authorization", authorization);
      let attemptSignal = signal;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let controller: AbortController | undefined;
      let onAbort: (() => void) | undefined;
      if (timeoutMs > 0) {
        const c = new AbortController();
        controller = c;
        timer = setTimeout(() => c.abort(new XAdsTimeoutError(method, pathOnly(url), timeoutMs)), timeoutMs);
        // The request in flight keeps the process alive, not its timer (a body never read, say).
        (timer as { unref?: () => void }).unref?.();
        if (signal) {
          onAbort = () => c.abort(signal.reason);
          signal.addEventListener("abort", onAbort);
        }
        attemptSignal = c.signal;
      }
      const release = () => {
        if (timer !== undefined) clearTimeout(timer);
        if (onAbort) signal?.removeEventListener("abort", onAbort);
      };
      let response: Response;
      try {
        response = await fetchImpl(url, { method, headers, body, signal: attemptSignal, redirect });
      } catch (error) {
        release();
        if (signal?.aborted) throw signal.reason ?? error;
        const reason = controller?.signal.aborted ? controller.signal.reason : error;
        if (attempt >= maxAttempts) throw reason;
        await timerSleep(backoff(attempt - 1), signal);
        continue;
      }
      // The timeout and the caller's signal keep watching the body until it is read.
      if (controller) response = guardBody(response, release);
      const state = parseRateLimit(response.headers);
      if (state) {
        latest = state;
        onRateLimit?.(state, response);
      }
      if (response.ok || attempt >= maxAttempts) return response;
      const delay = retryDelay(response, attempt - 1, state);
      if (delay === undefined) return response;
      await response.body?.cancel();
      await timerSleep(delay, signal);
    }
  };
  return Object.defineProperty(transport, "rateLimit", { get: () => latest }) as Transport;
}
