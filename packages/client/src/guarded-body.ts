// A response whose body stays under the attempt's timeout and the caller's AbortSignal until it is read
// to the end: a body that stalls after the headers is stopped like a request that does.

const READERS = ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const;

/**
 * The response, its body still watched: the attempt's abort controller (whose signal the fetch got, so
 * that aborting it errors the body) stays armed until the body is read. `release` disarms it: at once
 * without a body, else when one of the response's readers (`json()`, `text()`, ...) settles. Patching
 * the readers on this response costs far less than wrapping the body in a new stream (several
 * microseconds on Node 20); a caller that reads `response.body` itself keeps the timeout armed until it
 * fires, harmlessly once the body is read.
 */
export function guardBody(response: Response, release: () => void): Response {
  if (response.body === null) {
    release();
    return response;
  }
  for (const name of READERS) {
    const read = response[name] as (() => Promise<unknown>) | undefined;
    if (typeof read === "function") {
      Object.defineProperty(response, name, { value: () => read.call(response).finally(release), configurable: true });
    }
  }
  return response;
}
