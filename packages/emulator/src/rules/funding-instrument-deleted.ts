import type { StateRule } from "./rule.js";

export const fundingInstrumentDeleted: StateRule = {
  implements: ["sandbox-funding-instrument-delete"],
  name: "a deleted funding instrument reports able_to_fund=false and reason DELETED",
  source: "seed 000 section 3 (sandbox account or funding instrument)",
  resources: ["funding_instrument"],
  delete(record) {
    record.able_to_fund = false;
    const reasons = Array.isArray(record.reasons_not_able_to_fund) ? record.reasons_not_able_to_fund : [];
    record.reasons_not_able_to_fund = [...new Set([...reasons, "DELETED"])];
  },
};
