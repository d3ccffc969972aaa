import { ApiFailure } from "../call.js";
import type { StateRule } from "./rule.js";

export const doNotReachOnePerAccount: StateRule = {
  implements: ["do-not-reach-one-per-account"],
  name: "an account has at most one do-not-reach list",
  source: "seed 001 section 4 rule 5",
  resources: ["do_not_reach_list"],
  create(_record, context) {
    for (const other of context.store.collection("do_not_reach_list").values())
      if (other.parentId === context.parentId && other.data.deleted !== true)
        throw new ApiFailure([
          { status: 400, code: "INVALID_PARAMETER", message: "The account already has a do-not-reach list" },
        ]);
  },
};
