import createClient, { type Client, type HeadersOptions, type Middleware } from "openapi-fetch";
import { apiErrorFromResponse } from "./errors.js";
import { parseRateLimit, type RateLimitState } from "./rate-limit.js";
import { createTransport, type TransportOptions } from "./transport.js";
import { type ValidationOptions, validationMiddleware } from "./validation.js";

/** Options shared by every client factory. */
export interface XAdsClientOptions extends TransportOptions {
  /** The host: production by default; the sandbox or a local mock (`http://127.0.0.1:4011`) are just other base URLs. */
  baseUrl?: string;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** Optional runtime validation through `@xads/validator`. */
  validation?: ValidationOptions;
  /** Throw {@link XAdsApiError} for non-2xx answers instead of returning `{ error }` (default false). */
  throwOnError?: boolean;
}

/** An openapi-fetch client typed by a document's `paths`, plus the latest rate-limit state. */
export type XAdsClient<Paths extends {}> = Client<Paths> & {
  /** The base URL the client sends to. */
  readonly baseUrl: string;
  /** The rate-limit state of the latest response that carried rate-limit headers. */
  readonly rateLimit: RateLimitState | undefined;
};

const throwOnErrorMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return undefined;
    throw await apiErrorFromResponse(response, request.method, parseRateLimit(response.headers), request.url);
  },
};

/** Builds a client for one document; the typed factories (`createAdsClient`, ...) call this. */
export function createXAdsClient<Paths extends {}>(
  options: XAdsClientOptions,
  defaultBaseUrl: string,
): XAdsClient<Paths> {
  if (options.oauth1 && options.bearer !== undefined) {
    throw new TypeError("createClient: pass either oauth1 or bearer credentials, not both");
  }
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
  const transport = createTransport(options);
  const client = createClient<Paths>({
    baseUrl,
    fetch: transport,
    headers: options.headers,
    // Comma-separated lists (id filters) are `style: form, explode: false` in the documents.
    querySerializer: { array: { style: "form", explode: false } },
  });
  if (options.validation && options.validation.mode !== "off") client.use(validationMiddleware(options.validation));
  if (options.throwOnError) client.use(throwOnErrorMiddleware);
  Object.defineProperty(client, "baseUrl", { value: baseUrl, enumerable: true });
  Object.defineProperty(client, "rateLimit", { get: () => transport.rateLimit, enumerable: true });
  return client as XAdsClient<Paths>;
}
