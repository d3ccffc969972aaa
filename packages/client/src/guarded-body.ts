// A response whose body stays under the attempt's timeout and the caller's AbortSignal until it is read
// to the end (or cancelled): a body that stalls after the headers is stopped like a request that does.

/**
 * The response with a body that calls `release` once it is done (read to the end, failed or
 * cancelled). The attempt's abort controller stays armed until then; aborting it errors the body.
 */
export function guardBody(response: Response, release: () => void): Response {
  const source = response.body;
  if (source === null) {
    release();
    return response;
  }
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
  const guarded = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // A constructed Response has no URL; the helpers name the path of the one that answered.
  Object.defineProperty(guarded, "url", { value: response.url });
  Object.defineProperty(guarded, "redirected", { value: response.redirected });
  return guarded;
}
