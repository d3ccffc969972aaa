import createClient, { type Client, type HeadersOptions, type Middleware } from "openapi-fetch";
import { adsErrorBody } from "./ads-error-body.js";
import { answerWithApiErrorBodies, type ErrorBodyOfPath, throwOnErrorMiddleware } from "./error-answers.js";
import type { RateLimitState } from "./rate-limit.js";
import { createTransport, PreparedRequest, type TransportOptions } from "./transport.js";
import { pathSerializer, querySerializer } from "./url-serializers.js";
import { type ValidationOptions, validationMiddleware } from "./validation.js";

/** Options shared by every client factory. */
export interface XAdsClientOptions extends TransportOptions {
  /** The host: production by default; the sandbox or a local mock (`http://127.0.0.1:4011`) are just other base URLs. */
  baseUrl?: string;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** Optional runtime validation through `@xads/validator`. */
  validation?: ValidationOptions;
  /**
   * Throw {@link XAdsApiError} for non-2xx answers instead of returning `{ error }` (default false). With
   * a literal `true` the factories type every call as `{ data, response }`, `data` the success body.
   */
  throwOnError?: boolean;
}

/** An openapi-fetch client typed by a document's `paths`, plus the latest rate-limit state. */
export type XAdsClient<Paths extends {}> = Client<Paths> & {
  /** The base URL the client sends to. */
  readonly baseUrl: string;
  /** The rate-limit state of the latest response that carried rate-limit headers. */
  readonly rateLimit: RateLimitState | undefined;
};

const METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

type CallInit = { middleware?: unknown[]; fetch?: unknown; Request?: unknown } | undefined;
type Call = (path: string, init?: CallInit) => Promise<unknown>;

/**
 * Lets openapi-fetch hand the transport a {@link PreparedRequest} instead of building a `Request`
 * (the client's default `Request`, see below), whenever nothing but this package reads the request:
 * no caller middleware (on the client or on the call) and no per-call fetch. Anything else gets a real
 * `Request`, exactly as openapi-fetch builds it.
 */
function realRequestsForCallers(client: Client<object>, ownMiddleware: Middleware[]): void {
  const callerMiddleware = new Set<Middleware>();
  const { use, eject, request } = client;
  client.use = (...middleware) => {
    use(...middleware);
    for (const m of middleware) if (m && !ownMiddleware.includes(m)) callerMiddleware.add(m);
  };
  client.eject = (...middleware) => {
    eject(...middleware);
    for (const m of middleware) callerMiddleware.delete(m);
  };
  const withRequest = (init: CallInit): CallInit =>
    (callerMiddleware.size > 0 || init?.middleware?.length || init?.fetch) && !init?.Request
      ? { ...init, Request: globalThis.Request }
      : init;
  const calls = client as unknown as Record<(typeof METHODS)[number], Call>;
  for (const method of METHODS) {
    const send = calls[method];
    calls[method] = (path, init) => send(path, withRequest(init));
  }
  const generic = request as unknown as (method: string, path: string, init?: CallInit) => Promise<unknown>;
  (client as unknown as { request: typeof generic }).request = (method, path, init) =>
    generic(method, path, withRequest(init));
}

/**
 * Builds a client for one document; the typed factories (`createAdsClient`, ...) call this.
 * `errorBodyOf` gives the error body form of each path (the ads form by default): an error answer's
 * `error` is always a body of that form (error-bodies.ts).
 */
export function createXAdsClient<Paths extends {}>(
  options: XAdsClientOptions,
  defaultBaseUrl: string,
  errorBodyOf: ErrorBodyOfPath = () => adsErrorBody,
): XAdsClient<Paths> {
  if (options.oauth1 && options.bearer !== undefined) {
    throw new TypeError("createClient: pass either oauth1 or bearer credentials, not both");
  }
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
  const transport = createTransport(options);
  const validating = options.validation !== undefined && options.validation.mode !== "off";
  const client = createClient<Paths>({
    baseUrl,
    fetch: transport,
    headers: options.headers,
    querySerializer,
    pathSerializer,
    // Validation reads the body through a real Request; otherwise see realRequestsForCallers.
    ...(validating ? {} : { Request: PreparedRequest as unknown as typeof Request }),
  });
  if (validating && options.validation) client.use(validationMiddleware(options.validation));
  const throwing = options.throwOnError ? throwOnErrorMiddleware(errorBodyOf) : undefined;
  if (throwing) client.use(throwing);
  // The throwing middleware reads only the method and URL, which a PreparedRequest has.
  if (!validating) realRequestsForCallers(client as Client<object>, throwing ? [throwing] : []);
  answerWithApiErrorBodies(client as Client<object>, errorBodyOf);
  Object.defineProperty(client, "baseUrl", { value: baseUrl, enumerable: true });
  Object.defineProperty(client, "rateLimit", { get: () => transport.rateLimit, enumerable: true });
  return client as XAdsClient<Paths>;
}
