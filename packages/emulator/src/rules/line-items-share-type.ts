import { ApiFailure } from "../call.js";
import type { Data } from "../store/store.js";
import type { RuleContext, StateRule } from "./rule.js";

const SHARED = ["product_type", "objective"] as const;

function check(record: Data, context: RuleContext) {
  for (const other of context.store.collection("line_item").values()) {
    if (other.field("campaign_id") !== record.campaign_id || other.field("deleted") === true) continue;
    if (other.field("id") === record.id) continue;
    for (const field of SHARED) {
      const theirs = other.field(field);
      if (record[field] !== undefined && theirs !== undefined && record[field] !== theirs)
        throw new ApiFailure([
          {
            status: 400,
            code: "INVALID_PARAMETER",
            message: `All line items of campaign ${String(record.campaign_id)} must have the same ${field} (${String(theirs)})`,
            parameter: field,
          },
        ]);
    }
  }
}

export const lineItemsShareType: StateRule = {
  implements: ["line-items-share-type"],
  name: "all line items inside a campaign have the same product_type and objective",
  source: "seed 000 section 4 (rules tied to endpoints, 1)",
  resources: ["line_item"],
  create: check,
  update: (record, _previous, context) => check(record, context),
};
