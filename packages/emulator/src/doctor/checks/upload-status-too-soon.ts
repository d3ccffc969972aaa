import type { DoctorCheck } from "../finding.js";

export const uploadStatusTooSoon: DoctorCheck = {
  id: "upload-status-too-soon",
  title: "polled an upload's STATUS before the `check_after_secs` of the answer before",
  rule: { source: 'facts file, "Upload host"', text: "Poll after `check_after_secs`." },
  detect({ current, history }) {
    if (current.polls === undefined) return undefined;
    const last = history.findLast((earlier) => earlier.processing?.mediaId === current.polls);
    if (!last?.processing || current.at >= last.processing.pollAt) return undefined;
    const waited = Math.floor((current.at - last.at) / 1000);
    const asked = Math.round((last.processing.pollAt - last.at) / 1000);
    return {
      severity: "warning",
      fix: `Sleep processing_info.check_after_secs (${asked} s here; ${waited} s were waited) between STATUS polls, and stop at state succeeded or failed.`,
    };
  },
};
