// Validator benchmarks, each against a baseline measured in the same run, on a 1,000-record campaign
// list response (the listCampaigns 200 body):
// (a) validating the parsed body vs JSON.parse of the same bytes (target: at most 5% of parse time);
// (b) validating vs a zod schema of the same shape (target: at least 5x faster).
// The records follow seed 000 section 2.5; the schema is the ads document's own (listCampaigns).
import { findOperationId, validateResponse } from "@xads/validator";
import { Bench } from "tinybench";
import { z } from "zod";
import { statistics } from "./statistics.mjs";

const RECORDS = 1000;
const ENTITY_STATUSES = ["ACTIVE", "PAUSED"];

/** One campaign as seed 000 section 2.5 describes it, varied by index. */
/** @param {number} index */
function campaign(index) {
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

/** The same shape in zod, with the same constraints as the document's Campaign schema and envelope. */
const timestamp = z.iso.datetime();
const zodCampaign = z.object({
  id: z.string(),
  name: z.string().max(255),
  funding_instrument_id: z.string(),
  budget_optimization: z.enum(["CAMPAIGN", "LINE_ITEM"]).optional(),
  daily_budget_amount_local_micro: z.number().int().nullable().optional(),
  total_budget_amount_local_micro: z.number().int().nullable().optional(),
  duration_in_days: z.number().int().nullable().optional(),
  standard_delivery: z.boolean().optional(),
  entity_status: z.enum(ENTITY_STATUSES).optional(),
  effective_status: z.string().optional(),
  servable: z.boolean().nullable().optional(),
  reasons_not_servable: z.array(z.string()).optional(),
  purchase_order_number: z.string().max(50).nullable().optional(),
  frequency_cap: z.unknown().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted: z.boolean(),
});
const zodList = z.object({
  request: z.object({ params: z.object({}).passthrough() }),
  next_cursor: z.string().nullable(),
  data: z.array(zodCampaign),
  total_count: z.number().int().min(0).optional(),
});

export default async function run() {
  const operationId = findOperationId("GET", "/12/accounts/{account_id}/campaigns");
  if (!operationId) throw new Error("the ads document has no GET /12/accounts/{account_id}/campaigns yet");
  const body = {
    request: { params: { account_id: "18ce54d4x5t" } },
    next_cursor: "8x7v00oow",
    data: Array.from({ length: RECORDS }, (_, i) => campaign(i)),
  };
  const bytes = JSON.stringify(body);
  const parsed = JSON.parse(bytes);
  const check = validateResponse(operationId, 200, parsed);
  if (!check.valid)
    throw new Error(`the generated records do not match the document: ${JSON.stringify(check.errors.slice(0, 3))}`);
  if (!zodList.safeParse(parsed).success) throw new Error("the generated records do not match the zod schema");

  const bench = new Bench({ time: 1500, warmupTime: 300 });
  bench
    .add("JSON.parse", () => JSON.parse(bytes))
    .add("@xads/validator validateResponse", () => validateResponse(operationId, 200, parsed))
    .add("zod safeParse", () => zodList.safeParse(parsed));
  await bench.run();
  // Medians: on a shared machine the means are dominated by scheduling and GC outliers.
  /** @param {string} name */
  const p50 = (name) => statistics(bench.getTask(name)).latency.p50; // ms
  const parse = p50("JSON.parse");
  const validate = p50("@xads/validator validateResponse");
  const zod = p50("zod safeParse");
  const kb = (bytes.length / 1024).toFixed(0);
  const ofParse = validate / parse;
  const vsZod = zod / validate;
  return [
    {
      name: `validate a ${RECORDS}-campaign list response (${kb} KiB) vs JSON.parse of the same bytes`,
      result: `${validate.toFixed(3)} ms vs ${parse.toFixed(3)} ms (${(ofParse * 100).toFixed(1)}% of parse)`,
      ratio: Number(ofParse.toFixed(3)),
      target: "<= 0.05× (5% of parse time)",
      met: ofParse <= 0.05,
    },
    {
      name: `validate a ${RECORDS}-campaign list response vs zod (same shape)`,
      result: `${validate.toFixed(3)} ms vs ${zod.toFixed(3)} ms`,
      ratio: Number(vsZod.toFixed(2)),
      target: ">= 5× faster",
      met: vsZod >= 5,
    },
  ];
}
