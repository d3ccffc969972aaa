// A response whose body stays under the attempt's timeout and the caller's AbortSignal until it is read
// to the end: a body that stalls after the headers is stopped like a request that does.

const READERS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;
const RELEASE = Symbol("release");

type Guarded = Response & { [RELEASE]: () => void };

/** For each response prototype met, its guarded child: the same readers, each releasing once it settles. */
const guardedPrototypes = new WeakMap<object, object>();

function guardedPrototype(prototype: Record<string, unknown>): object {
  let guarded = guardedPrototypes.get(prototype);
  if (guarded === undefined) {
    guarded = Object.create(prototype) as object;
    for (const name of READERS) {
      const read = prototype[name];
      if (typeof read !== "function") continue;
      Object.defineProperty(guarded, name, {
        value(this: Guarded) {
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
        configurable: true,
        writable: true,
      });
    }
    guardedPrototypes.set(prototype, guarded);
  }
  return guarded;
}

/**
 * The response, its body still watched: the attempt's abort controller (whose signal the fetch got, so
 * that aborting it errors the body) stays armed until the body is read. `release` disarms it: at once
 * without a body, else when one of the response's readers (`json()`, `text()`, ...) settles. The
 * response gets a prototype of its own prototype's readers wrapped (made once per prototype), which
 * costs far less than wrapping the body in a new stream or patching each response's readers; a
 * caller that reads `response.body` itself keeps the timeout armed until it fires, harmlessly once
 * the body is read.
 */
export function guardBody(response: Response, release: () => void): Response {
  if (response.body === null) {
    release();
    return response;
  }
  const guarded = response as Guarded;
  const earlier = guarded[RELEASE];
  if (earlier === undefined) {
    Object.setPrototypeOf(response, guardedPrototype(Object.getPrototypeOf(response) as Record<string, unknown>));
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
