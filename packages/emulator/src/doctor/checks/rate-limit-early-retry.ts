import type { DoctorCheck } from "../finding.js";

/** Reported on the first request sent to a spent window before its reset; the storm check covers the rest. */
export const rateLimitEarlyRetry: DoctorCheck = {
  id: "rate-limit-early-retry",
  title: "sent again to a rate-limit window after its 429, before `x-rate-limit-reset`",
  rule: { source: 'facts file, "Rate limits"', text: "On 429 wait until the reset time." },
  detect({ current, history }) {
    if (current.window === undefined) return undefined;
    const sameWindow = history.filter((earlier) => earlier.window === current.window);
    const last = sameWindow.at(-1);
    if (last?.status !== 429 || last.resetAt === undefined || current.at >= last.resetAt) return undefined;
    const resetAt = last.resetAt;
    const spent = sameWindow.filter((earlier) => earlier.status === 429 && earlier.resetAt === resetAt);
    if (spent.length > 1) return undefined;
    const seconds = Math.ceil((resetAt - current.at) / 1000);
    return {
      severity: "error",
      fix: `Wait until the 429's x-rate-limit-reset (x-account-rate-limit-reset when present; Unix seconds) before sending to ${current.method} ${current.path} again: ${seconds} s were left.`,
    };
  },
};
