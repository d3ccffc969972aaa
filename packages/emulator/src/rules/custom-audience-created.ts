import type { Data } from "../store/store.js";
import type { StateRule } from "./rule.js";

interface SegmentNode {
  custom_audience_id?: string;
  child_segments?: SegmentNode[];
  [key: string]: unknown;
}

/** A node as answered: defaults filled (frequency 1, NUM_GTE, negate false), audience ids lower-cased. */
function answered(node: SegmentNode): SegmentNode {
  const out: SegmentNode = { frequency: 1, frequency_comparator: "NUM_GTE", negate: false, ...node };
  if (typeof node.custom_audience_id === "string") out.custom_audience_id = node.custom_audience_id.toLowerCase();
  out.child_segments = (node.child_segments ?? []).map(answered);
  return out;
}

export const customAudienceCreated: StateRule = {
  implements: ["placeholder-audience-then-users"],
  name: "a new custom audience is an empty placeholder owned by the account; a flexible one carries its segment tree",
  source: "seed 001 section 4 (POST custom_audiences: placeholder; batch: segments), sections 2.1 and 2.2",
  resources: ["custom_audience"],
  create(record: Data, context) {
    record.owner_account_id = context.parentId;
    record.audience_size = null;
    record.targetable = false;
    record.reasons_not_targetable = ["PROCESSING", "TOO_SMALL"];
    if (record.audience_type !== "FLEXIBLE") return;
    record.targetable_types = ["FLEXIBLE", "EXCLUDED_FLEXIBLE"];
    const segments = context.params.segments as SegmentNode | undefined;
    record.metadata = [
      {
        custom_audience_id: record.id,
        account_id: context.parentId,
        name: record.name,
        audience_source: "FLEXIBLE_AUDIENCE",
        upload_status: "UPLOADED",
        ...(segments ? { segments: answered(segments) } : {}),
      },
    ];
  },
};
