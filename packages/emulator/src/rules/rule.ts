// A state rule of the seeds that the generic create/update/delete cannot know: a few lines of
// behaviour on the records of some resources, run before the change is stored. A hook changes the
// record it is given, or throws an ApiFailure to refuse the change.
import type { Data, Store, StoredRecord } from "../store/store.js";

export interface RuleContext {
  store: Store;
  parentId: string | null;
  now: number;
  /** The call's path parameters (the account, the parent record). */
  path: Record<string, string>;
  /** The fixture user: the account's full promotable user. */
  userId: string;
  /** The fixture account (it starts with the spec's example features). */
  fixtureAccountId: string;
  /** The change is an item of a batch. */
  batch: boolean;
  /** The write's parameters as sent (write-only ones included). */
  params: Data;
}

export interface StateRule {
  /** The ids of spec/workflows/state-rules.yaml (the one vocabulary of state rules) this module implements. */
  implements: readonly string[];
  /** The rule, as the tests name it. */
  name: string;
  /** Where the seeds state it. */
  source: string;
  resources: readonly string[];
  create?(record: Data, context: RuleContext): void;
  update?(record: Data, previous: Data, context: RuleContext): void;
  delete?(record: Data, context: RuleContext): void;
  /** The records a list starts from, when the rule chooses them (audiences shared with the account). */
  list?(records: StoredRecord[], query: Record<string, unknown>, context: RuleContext): StoredRecord[];
  /** The record as answered at the context's time (a record that time moves on), without storing it. */
  view?(record: Data, context: RuleContext): Data;
}
