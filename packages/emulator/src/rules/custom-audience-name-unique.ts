import { invalid } from "../call.js";
import type { Data } from "../store/store.js";
import type { RuleContext, StateRule } from "./rule.js";

function check(record: Data, context: RuleContext) {
  for (const other of context.store.collection("custom_audience").values()) {
    if (other.parentId !== context.parentId || other.data.deleted === true || other.data.id === record.id) continue;
    if (other.data.name === record.name)
      throw invalid("name", `A custom audience named ${String(record.name)} already exists`);
  }
}

export const customAudienceNameUnique: StateRule = {
  implements: ["custom-audience-name-unique"],
  name: "a custom audience's name is unique among the account's audiences",
  source: "seed 001 section 4 (POST and PUT custom_audiences), section 7 (5)",
  resources: ["custom_audience"],
  create: check,
  update: (record, previous, context) => {
    if (record.name !== previous.name) check(record, context);
  },
};
