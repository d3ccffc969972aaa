import type { DoctorCheck } from "../finding.js";
import { batchLimitOf } from "./batch-over-limit.js";

/**
 * Two batches in a row to the same endpoint (the caller sent nothing between them), both answered,
 * each of one and the same operation type, whose items together fit in one batch: the second could
 * have been part of the first. Batches of different types may depend on each other (an Update of
 * what a Create made), so they are not counted.
 */
export const batchSplit: DoctorCheck = {
  id: "batch-split",
  title: "two batches in a row to one endpoint, of one operation type, that would have fit in one",
  rule: { source: "seed 000 section 8 (Limits)", text: "batch size, campaigns and line items: 40 items" },
  detect({ current, history }) {
    const limit = current.operationId ? batchLimitOf.get(current.operationId) : undefined;
    const previous = history.at(-1);
    if (!limit || !current.batch || !previous?.batch) return undefined;
    const ok = (status: number) => status >= 200 && status < 300;
    if (previous.path !== current.path || !ok(previous.status) || !ok(current.status)) return undefined;
    if (current.batch.types.includes(",") || previous.batch.types !== current.batch.types) return undefined;
    const together = previous.batch.items + current.batch.items;
    if (together > limit.items) return undefined;
    return {
      severity: "warning",
      rule: limit.rule,
      fix: `Send up to ${limit.items} items in one batch: these two (${previous.batch.items} and ${current.batch.items} ${current.batch.types} items) fit in one request, which costs one write against the rate limit instead of two.`,
    };
  },
};
