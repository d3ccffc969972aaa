import type { DoctorCheck } from "../finding.js";

/** 429s in a row, each sent less than this after the one before, make a storm. */
export const STORM_GAP_MS = 1000;
export const STORM_SIZE = 3;

/** Reported once per storm, on its third 429, whatever windows (or injected faults) answered them. */
export const rateLimitStorm: DoctorCheck = {
  id: "rate-limit-storm",
  title: `${STORM_SIZE} or more 429s in a row, each sent less than ${STORM_GAP_MS / 1000} s after the one before`,
  rule: { source: 'facts file, "Rate limits"', text: "On 429 wait until the reset time." },
  detect({ current, history }) {
    if (current.status !== 429) return undefined;
    let run = 1;
    let later = current;
    for (let i = history.length - 1; i >= 0; i--) {
      const earlier = history[i];
      if (earlier?.status !== 429 || later.at - earlier.at >= STORM_GAP_MS) break;
      run++;
      later = earlier;
    }
    if (run !== STORM_SIZE) return undefined;
    return {
      severity: "error",
      fix: "Stop on a 429: wait until its x-rate-limit-reset (or back off, growing the wait, when it has none) instead of sending again at once; a queue per rate-limit window keeps parallel requests from piling up.",
    };
  },
};
