import { batchLimits } from "@xads/types/facts";
import type { DoctorCheck, Rule } from "../finding.js";

/** Where the seeds state each batch's limit. */
const SOURCES: Readonly<Record<string, string>> = {
  batchCampaigns: "seed 000 section 8 (Limits: batch size, campaigns and line items)",
  batchLineItems: "seed 000 section 8 (Limits: batch size, campaigns and line items)",
  batchCustomAudiences: "seed 001 section 8 (Limits: custom audience batch create)",
  batchCustomAudienceUsers: "seed 001 section 8 (Limits: custom audience users and do-not-reach users batches)",
  batchDoNotReachListUsers: "seed 001 section 8 (Limits: custom audience users and do-not-reach users batches)",
};

export interface BatchLimit {
  items: number;
  bytes: number | undefined;
  rule: Rule;
}

/** Each batch operation's limits (`@xads/types/facts` batchLimits), by operation id. */
export const batchLimitOf: ReadonlyMap<string, BatchLimit> = new Map(
  Object.values(batchLimits).map((limit) => {
    const bytes = "bytes" in limit ? limit.bytes : undefined;
    const text = `${limit.items} items per request${bytes ? `, at most ${bytes} bytes` : ""}`;
    const source = SOURCES[limit.operationId] ?? "seed 000 section 8 (Limits)";
    return [limit.operationId, { items: limit.items, bytes, rule: { source, text } }] as const;
  }),
);

export const batchOverLimit: DoctorCheck = {
  id: "batch-over-limit",
  title: "a batch with more items (or bytes) than its endpoint takes",
  rule: { source: "seed 000 section 8 (Limits)", text: "batch size, campaigns and line items: 40 items" },
  detect({ exchange, current }) {
    const limit = current.operationId ? batchLimitOf.get(current.operationId) : undefined;
    if (!limit || !current.batch) return undefined;
    const bytes = new TextEncoder().encode(exchange.requestBody ?? "").byteLength;
    const overItems = current.batch.items > limit.items;
    const overBytes = limit.bytes !== undefined && bytes > limit.bytes;
    if (!overItems && !overBytes) return undefined;
    const what = overItems ? `${current.batch.items} items` : `${bytes} bytes`;
    return {
      severity: "error",
      rule: limit.rule,
      fix: `Split the batch into requests of at most ${limit.items} items${limit.bytes ? ` and ${limit.bytes} bytes` : ""} (this one had ${what}); the whole batch is refused under top-level errors.`,
    };
  },
};
