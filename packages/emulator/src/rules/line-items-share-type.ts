import { ApiFailure } from "../call.js";
import type { Data } from "../store/store.js";
import type { RuleContext, StateRule } from "./rule.js";

const SHARED = ["product_type", "objective"] as const;

function check(record: Data, context: RuleContext) {
  for (const other of context.store.collection("line_item").values()) {
    if (other.data.deleted === true || other.data.id === record.id || other.data.campaign_id !== record.campaign_id)
      continue;
    for (const field of SHARED) {
      if (record[field] !== undefined && other.data[field] !== undefined && record[field] !== other.data[field])
        throw new ApiFailure([
          {
            status: 400,
            code: "INVALID_PARAMETER",
            message: `All line items of campaign ${String(record.campaign_id)} must have the same ${field} (${String(other.data[field])})`,
            parameter: field,
          },
        ]);
    }
  }
}

export const lineItemsShareType: StateRule = {
  name: "all line items inside a campaign have the same product_type and objective",
  source: "seed 000 section 4 (rules tied to endpoints, 1)",
  resources: ["line_item"],
  create: check,
  update: (record, _previous, context) => check(record, context),
};
