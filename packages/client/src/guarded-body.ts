// A response whose body stays under the attempt's timeout and the caller's AbortSignal until it is read
// to the end: a body that stalls after the headers is stopped like a request that does.

const READERS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;
type Reader = (typeof READERS)[number];
const RELEASE = Symbol("release");

type Guarded = Response & { [RELEASE]: () => void };
type Readers = [Reader, (this: Guarded) => Promise<unknown>][];

/** For each response prototype met, its readers wrapped: each calls the original, then releases. */
const wrappedReaders = new WeakMap<object, Readers>();

function readersOf(prototype: object): Readers {
  let readers = wrappedReaders.get(prototype);
  if (readers === undefined) {
    readers = [];
    for (const name of READERS) {
      const read = (prototype as Record<string, unknown>)[name];
      if (typeof read !== "function") continue;
      readers.push([
        name,
        function (this: Guarded) {
          const release = this[RELEASE];
          // `then` rather than `finally`, which costs two more promises per read.
          return (read.call(this) as Promise<unknown>).then(
            (value) => {
              release();
              return value;
            },
            (error: unknown) => {
              release();
              throw error;
            },
          );
        },
      ]);
    }
    wrappedReaders.set(prototype, readers);
  }
  return readers;
}

/**
 * The response, its body still watched: the attempt's abort controller (whose signal the fetch got, so
 * that aborting it errors the body) stays armed until the body is read. `release` disarms it: at once
 * without a body, else when one of the response's readers (`json()`, `text()`, ...) settles. The
 * readers are set on the response by plain assignment, from wrappers made once per response class:
 * on Node 20 that costs far less than wrapping the body in a new stream, defining properties or
 * changing the response's prototype. A caller that reads `response.body` itself keeps the timeout
 * armed until it fires, harmlessly once the body is read.
 */
export function guardBody(response: Response, release: () => void): Response {
  if (response.body === null) {
    release();
    return response;
  }
  const guarded = response as Guarded;
  const earlier = guarded[RELEASE];
  if (earlier === undefined) {
    const target = guarded as unknown as Record<Reader, unknown>;
    for (const [name, read] of readersOf(Object.getPrototypeOf(response) as object)) target[name] = read;
    guarded[RELEASE] = release;
  } else {
    // Guarded already (by an outer timeout layer, say): one read releases both.
    guarded[RELEASE] = () => {
      earlier();
      release();
    };
  }
  return response;
}
