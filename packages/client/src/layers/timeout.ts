import { pathOf } from "../errors.js";
import { guardBody } from "../guarded-body.js";
import type { Layer } from "./compose.js";

/** Thrown when one attempt got no complete response within `timeoutMs` (and no retry was left). */
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

/**
 * Gives each attempt `ms` milliseconds until its response has arrived, its body read to the end
 * included, and stops it (body too) when the caller's AbortSignal fires. A timed-out attempt rejects
 * with {@link XAdsTimeoutError}; an aborted one with the signal's reason. `0` turns the timeout off.
 */
export function timeoutLayer(ms: number): Layer {
  if (!(ms > 0)) return (next) => next;
  return (next) => (url, init) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new XAdsTimeoutError(init.method ?? "GET", pathOf(url), ms));
      release();
    }, ms);
    // The request in flight keeps the process alive, not its timer (a body never read, say).
    (timer as { unref?: () => void }).unref?.();
    let onAbort: (() => void) | undefined;
    if (signal) {
      onAbort = () => controller.abort(signal.reason);
      signal.addEventListener("abort", onAbort);
    }
    const release = () => {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    };
    let pending: Promise<Response>;
    try {
      pending = next(url, { ...init, signal: controller.signal });
    } catch (error) {
      pending = Promise.reject(error);
    }
    return pending.then(
      // The timeout and the caller's signal keep watching the body until it is read.
      (response) => guardBody(response, release),
      (error: unknown) => {
        release();
        if (signal?.aborted) throw signal.reason ?? error;
        throw controller.signal.aborted ? controller.signal.reason : error;
      },
    );
  };
}
