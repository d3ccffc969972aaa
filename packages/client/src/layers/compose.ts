// The one extension model of the transport: a layer wraps the fetch below it and returns a fetch.

/** The fetch shape every layer takes and returns (`globalThis.fetch` fits). */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A step of the stack: given the fetch below it (`next`), the fetch that runs this step and calls
 * `next`, once per attempt or more (retries) or not at all (a refusal).
 */
export type Layer = (next: Fetch) => Fetch;

/** The layers around `fetch`, outermost first: `composeLayers([a, b], f)` is `a(b(f))`. */
export function composeLayers(layers: readonly Layer[], fetch: Fetch): Fetch {
  let composed = fetch;
  for (let i = layers.length - 1; i >= 0; i--) composed = layers[i](composed);
  return composed;
}

const final = new WeakSet<object>();

/**
 * Marks an error as one that another attempt cannot fix (credentials that cannot sign, a bearer token
 * that cannot be had): the retry layer passes it on at once. Returns the error.
 */
export function finalError<E>(error: E): E {
  if (typeof error === "object" && error !== null) final.add(error);
  return error;
}

/** Whether {@link finalError} marked this error. */
export const isFinalError = (error: unknown): boolean => final.has(error as object);

/** The headers of an init as a `Headers` object: the same one when it is one already. */
export const headersOf = (init: RequestInit): Headers =>
  init.headers instanceof Headers ? init.headers : new Headers(init.headers);

/** The init with `authorization` set: in its `Headers` when it has one (the client's own), else in a copy. */
export function authorized(init: RequestInit, value: string): RequestInit {
  const headers = headersOf(init);
  headers.set("authorization", value);
  return headers === init.headers ? init : { ...init, headers };
}
