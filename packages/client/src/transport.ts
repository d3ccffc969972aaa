import { defaultFetch } from "#default-fetch";
import { bearerLayer } from "./layers/bearer.js";
import { composeLayers, type Fetch, type Layer } from "./layers/compose.js";
import { oauth1Layer } from "./layers/oauth1.js";
import { latestRateLimit } from "./layers/rate-limit.js";
import { type RetryOptions, retryLayer } from "./layers/retry.js";
import { timeoutLayer } from "./layers/timeout.js";
import type { OAuth1Credentials } from "./oauth1.js";
import type { RateLimitState } from "./rate-limit.js";

export type { Fetch, Layer } from "./layers/compose.js";
export type { RetryOptions } from "./layers/retry.js";
export { XAdsTimeoutError } from "./layers/timeout.js";
export type { OAuth1Credentials } from "./oauth1.js";

/**
 * The fetch the client calls. By default `@xads/client/node`'s transport on Node (see the README's
 * "Node transport"), `globalThis.fetch` elsewhere. The same type as {@link Fetch}.
 */
export type FetchLike = Fetch;

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
  /**
   * Your layers, outermost first. Each attempt passes through them inside the retries and before the
   * timeout and signing: a layer that waits (a scheduler) neither stales the signature's timestamp
   * nor counts against the timeout. See the README's "Layers".
   */
  layers?: readonly Layer[] | undefined;
  /** Clock in ms (default `Date.now`); signing uses it for `oauth_timestamp`, retries for the 429 wait. */
  now?: (() => number) | undefined;
  /** Nonce source for signing (default: 32 random ASCII letters and digits). */
  nonce?: (() => string) | undefined;
  /** Randomness for jitter, in [0, 1) (default `Math.random`). */
  random?: (() => number) | undefined;
}

const decoder = new TextDecoder();

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

/** Bodies sent as text: JSON, forms and text. */
const isText = (headers: Headers) => /json|x-www-form-urlencoded|^text\//.test(headers.get("content-type") ?? "");

/**
 * The URL and init of a `Request`, with a body every attempt can send again: a string or a Blob, not
 * the ArrayBuffer read here (fetch sends a body again after a 307 or 308 redirect, and an ArrayBuffer
 * it sent once is detached: Node 20 then fails the redirect).
 */
async function fromRequest(request: Request): Promise<PreparedRequest> {
  const headers = request.headers;
  let body: string | Blob | undefined;
  if (request.body !== null) {
    const buffer = await request.arrayBuffer();
    body = isText(headers) ? decoder.decode(buffer) : new Blob([buffer]);
  }
  return new PreparedRequest(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    redirect: request.redirect,
  });
}

/** The init the layers get: a `Headers` object and a body that survives a redirect, the caller's signal if any. */
function initOf(request: PreparedRequest): RequestInit {
  const { init } = request;
  return {
    method: request.method,
    headers: init.headers,
    body: init.body ?? undefined,
    signal: init.signal ?? undefined,
    redirect: init.redirect,
  };
}

/** Whether a prepared request can go to the layers as it is: headers in a `Headers`, a string body or none. */
const sendable = ({ init }: PreparedRequest) =>
  init.headers instanceof Headers && (init.body === undefined || init.body === null || typeof init.body === "string");

export interface Transport {
  (request: Request | PreparedRequest): Promise<Response>;
  /** The rate-limit state of the latest response that had one. */
  readonly rateLimit: RateLimitState | undefined;
}

/**
 * The fetch that openapi-fetch calls: the layers, outermost first, `retry` -> your `layers` ->
 * `timeout` -> auth (`oauth1`, `bearer`, or the given `auth` layer) -> rate-limit observer -> `fetch`.
 * Every attempt is signed afresh (nonce and timestamp), timed out on its own, and its rate-limit
 * headers parsed; 429, 503, other 5xx and network errors are retried for the methods the policy allows.
 */
export function createTransport(options: TransportOptions, auth?: Layer): Transport {
  const fetchImpl: Fetch = options.fetch ?? defaultFetch;
  const { oauth1, bearer } = options;
  const layers: Layer[] = [retryLayer(options.retry ?? {}, options), ...(options.layers ?? [])];
  layers.push(timeoutLayer(options.timeoutMs ?? 30_000));
  const signing =
    auth ?? (oauth1 ? oauth1Layer(oauth1, options) : bearer !== undefined ? bearerLayer(bearer) : undefined);
  if (signing) layers.push(signing);
  // Without an onRateLimit to call, the state is parsed only when `rateLimit` is read.
  const rateLimit = latestRateLimit(options.onRateLimit);
  layers.push(rateLimit.layer);
  const send = composeLayers(layers, fetchImpl);
  const transport = (request: Request | PreparedRequest): Promise<Response> => {
    if (request instanceof PreparedRequest && sendable(request)) return send(request.url, initOf(request));
    const prepared = request instanceof PreparedRequest ? new Request(request.url, request.init) : request;
    return fromRequest(prepared).then((p) => send(p.url, initOf(p)));
  };
  return Object.defineProperty(transport, "rateLimit", { get: () => rateLimit.state }) as Transport;
}
