/**
 * Waits `ms` milliseconds. The default uses `setTimeout`; tests pass one that advances a virtual clock
 * (for example `@xads/emulator`'s `clock.advance`) so that hours of waiting take no time. However the
 * given one treats `signal`, the wait helpers reject at once with the signal's reason when it aborts.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The default {@link Sleep}: a timer, cleared when the signal aborts. */
export const timerSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
