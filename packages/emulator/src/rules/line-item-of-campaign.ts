import type { StateRule } from "./rule.js";

/** A line item is paid as its campaign is: it carries the campaign's funding instrument and currency. */
export const lineItemOfCampaign: StateRule = {
  implements: ["line-item-of-campaign"],
  name: "a line item carries its campaign's funding instrument and currency",
  source: "seed 000 section 2.5 (campaign: funding_instrument_id, currency)",
  resources: ["line_item"],
  create(record, context) {
    const campaign = context.store.get("campaign", String(record.campaign_id));
    if (!campaign) return;
    for (const field of ["funding_instrument_id", "currency"]) {
      if (field in record && campaign.data[field] !== undefined) record[field] = campaign.data[field];
    }
  },
};
