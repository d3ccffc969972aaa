// The benchmark's page: a listCampaigns 200 body of campaigns as seed 000 section 2.5 describes them.

const ENTITY_STATUSES = ["ACTIVE", "PAUSED"];

/** One campaign as seed 000 section 2.5 describes it, varied by index. */
/** @param {number} index */
export function campaign(index) {
  const created = new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString().replace(".000Z", "Z");
  return {
    id: `c${index.toString(36)}`,
    name: `Campaign ${index}`,
    funding_instrument_id: "lygyi",
    budget_optimization: index % 3 === 0 ? "LINE_ITEM" : "CAMPAIGN",
    daily_budget_amount_local_micro: index % 4 === 0 ? null : 10_000_000 + index,
    total_budget_amount_local_micro: index % 2 === 0 ? null : 500_000_000,
    duration_in_days: index % 5 === 0 ? 30 : null,
    standard_delivery: index % 2 === 0,
    entity_status: ENTITY_STATUSES[index % 2],
    effective_status: index % 2 === 0 ? "RUNNING" : "UNKNOWN",
    servable: index % 7 === 0 ? null : true,
    reasons_not_servable: index % 2 === 0 ? [] : ["PAUSED_BY_ADVERTISER", "INCOMPLETE"],
    purchase_order_number: index % 10 === 0 ? `PO-${index}` : null,
    frequency_cap: null,
    currency: "USD",
    created_at: created,
    updated_at: created,
    deleted: false,
  };
}

/**
 * A listCampaigns page of `records` campaigns, as JSON text.
 * @param {number} records
 */
export function pageText(records) {
  return JSON.stringify({
    request: { params: { account_id: "18ce54d4x5t" } },
    next_cursor: "8x7v00oow",
    data: Array.from({ length: records }, (_, i) => campaign(i)),
  });
}
