// What the pipeline reads of a request. `fetch(url, init)` with a text body (or none) skips building
// a WHATWG Request, which costs about as much as answering a read: the parts are taken as given.

/** Reads a header by name, in any case (a Headers, or the served port's own reader). */
export interface HeaderReader {
  get(name: string): string | null;
}

export interface RequestLike {
  readonly method: string;
  readonly url: string;
  readonly headers: HeaderReader;
  /** The headers as an object (lower-case names), for the validator; else `headers` is a Headers. */
  readonly headerRecord?: Record<string, string | string[] | undefined>;
  /** Null when there is no body. */
  readonly body: unknown;
  arrayBuffer(): Promise<ArrayBuffer>;
  /**
   * The body, read no further than `maxBytes`: undefined when it is longer (a served port streams it
   * and stops at the limit instead of holding it whole).
   */
  bodyWithin?(maxBytes: number): Promise<Uint8Array | undefined>;
}

const encoder = new TextEncoder();

/** The request of `fetch(input, init)`: its parts as given when the body is text or absent, else a Request. */
export function requestOf(input: Request | string | URL, init?: RequestInit): RequestLike {
  if (input instanceof Request) return init === undefined ? input : new Request(input, init);
  const body = init?.body ?? null;
  if (body !== null && typeof body !== "string") return new Request(input, init);
  const headers = new Headers(init?.headers);
  // As a Request would: a text body without a type is text/plain.
  if (typeof body === "string" && !headers.has("content-type")) headers.set("content-type", "text/plain;charset=UTF-8");
  const method = (init?.method ?? "GET").toUpperCase();
  if (body !== null && (method === "GET" || method === "HEAD"))
    throw new TypeError("Request with GET/HEAD method cannot have body.");
  return {
    method,
    // Parsed once, by the caller that routes it (an invalid URL throws a TypeError there, as fetch does).
    url: String(input),
    headers,
    body,
    arrayBuffer: async () => (typeof body === "string" ? encoder.encode(body).buffer : new ArrayBuffer(0)),
  };
}

/** A WHATWG Request of the same parts (the admin controls read one). */
export async function asRequest(request: RequestLike): Promise<Request> {
  if (request instanceof Request) return request;
  const body = request.body === null ? undefined : await request.arrayBuffer();
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headerRecord ?? {}))
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  return new Request(request.url, {
    method: request.method,
    headers: request.headers instanceof Headers ? request.headers : headers,
    body,
  });
}
