import type { DoctorCheck } from "../finding.js";

export const countOutOfBounds: DoctorCheck = {
  id: "count-out-of-bounds",
  title: "a list's `count` outside its bounds (1 to 1000 for most lists)",
  rule: {
    source: "seed 000 section 2.2 (Conventions of the advertising interface: common list parameters)",
    text: "count: default 200, 1 to 1000",
  },
  detect({ operation, params }) {
    const sent = params.get("count");
    if (!operation?.count || sent === null) return undefined;
    const count = Number(sent);
    const { min, max } = operation.count;
    if (Number.isFinite(count) && count >= min && count <= max) return undefined;
    return {
      severity: "error",
      fix: `Send a count from ${min} to ${max} for ${operation.id} (it is refused otherwise), and page with cursor for more.`,
    };
  },
};
