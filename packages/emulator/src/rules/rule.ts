// A state rule of the seeds that the generic create/update/delete cannot know: a few lines of
// behaviour on the records of some resources, run before the change is stored. A hook changes the
// record it is given, or throws an ApiFailure to refuse the change.
import type { Data, Store } from "../store/store.js";

export interface RuleContext {
  store: Store;
  parentId: string | null;
  now: number;
}

export interface StateRule {
  /** The rule, as the tests name it. */
  name: string;
  /** Where the seeds state it. */
  source: string;
  resources: readonly string[];
  create?(record: Data, context: RuleContext): void;
  update?(record: Data, previous: Data, context: RuleContext): void;
  delete?(record: Data, context: RuleContext): void;
}
