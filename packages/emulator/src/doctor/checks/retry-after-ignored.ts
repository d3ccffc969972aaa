import type { DoctorCheck } from "../finding.js";

export const retryAfterIgnored: DoctorCheck = {
  id: "retry-after-ignored",
  title: "sent again after a 503 before its `retry-after`",
  rule: { source: 'facts file, "Rate limits"', text: "on 503 honour `retry-after`" },
  detect({ current, history }) {
    const last = history.findLast((earlier) => earlier.operationId === current.operationId);
    if (last?.status !== 503 || last.retryAt === undefined || current.at >= last.retryAt) return undefined;
    const seconds = Math.ceil((last.retryAt - current.at) / 1000);
    return {
      severity: "error",
      fix: `Wait the 503's retry-after (seconds, or an HTTP date) before retrying ${current.method} ${current.path}: ${seconds} s were left.`,
    };
  },
};
