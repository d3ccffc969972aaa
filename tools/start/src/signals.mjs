// Ctrl-C (SIGINT), SIGTERM and SIGHUP: the first one stops everything in order, a later one kills
// what is left at once. A terminal's Ctrl-C reaches the whole process group, and `pnpm run` forwards
// the same SIGINT again a moment later, so signals within SAME_PRESS_MS of the first count as one.
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
export const SAME_PRESS_MS = 300;

/**
 * Calls `stop()` on the first signal and `kill()` on a later one; returns a function that detaches.
 * @param {{ stop: () => unknown, kill: () => unknown, now?: () => number }} handlers
 */
export function onStopSignals({ stop, kill, now = Date.now }) {
  /** @type {number | undefined} */
  let first;
  const handler = () => {
    if (first === undefined) {
      first = now();
      stop();
    } else if (now() - first > SAME_PRESS_MS) {
      kill();
    }
  };
  for (const signal of SIGNALS) process.on(signal, handler);
  return () => {
    for (const signal of SIGNALS) process.off(signal, handler);
  };
}
