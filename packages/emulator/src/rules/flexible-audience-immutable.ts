import { ApiFailure } from "../call.js";
import type { Data } from "../store/store.js";
import type { StateRule } from "./rule.js";

function refuse(record: Data) {
  if (record.audience_type === "FLEXIBLE")
    throw new ApiFailure([
      { status: 400, code: "INVALID_TAILORED_AUDIENCE_TYPE", message: "Flexible audiences cannot be updated" },
    ]);
}

/** A batch's Delete item is a change too (the batch operation's description); a DELETE call is not. */
export const flexibleAudienceImmutable: StateRule = {
  implements: ["flexible-audience-immutable"],
  name: "flexible audiences are immutable once created",
  source: "seed 001 section 3 (flexible audience, any update)",
  resources: ["custom_audience"],
  update: (_record, previous) => refuse(previous),
  delete: (record, context) => {
    if (context.batch) refuse(record);
  },
};
