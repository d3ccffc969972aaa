import type { DoctorCheck } from "../finding.js";

export const totalCountWithCursor: DoctorCheck = {
  id: "total-count-with-cursor",
  title: "`with_total_count=true` sent with a `cursor`",
  rule: {
    source: "seed 000 section 2.2 (Conventions of the advertising interface: common list parameters)",
    text: "with_total_count: exclusive with `cursor`; requests that use it have a lower rate limit",
  },
  detect({ params }) {
    if (params.get("with_total_count") !== "true" || !params.has("cursor")) return undefined;
    return {
      severity: "error",
      fix: "Ask for with_total_count on the first page only and leave it off the pages that send a cursor: the pair is refused, and total-count requests have their own window (200 per 15 minutes).",
    };
  },
};
