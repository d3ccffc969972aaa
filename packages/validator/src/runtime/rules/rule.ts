// The x-rules kinds the validator implements, as a discriminated union of the rule types of kinds/:
// a generated module that declares any other kind does not type-check (and the generator refuses it
// first, with a message).

import type { Check } from "./check.js";
import type { CompareRule } from "./kinds/compare.js";
import type { ConditionalRule } from "./kinds/conditional.js";
import type { ExclusiveRule } from "./kinds/exclusive.js";
import type { MaxAheadRule } from "./kinds/max-ahead.js";
import type { MaxBodyBytesRule } from "./kinds/max-body-bytes.js";
import type { MaxTotalItemsRule } from "./kinds/max-total-items.js";
import type { MaxTreeLeavesRule } from "./kinds/max-tree-leaves.js";
import type { MediaKeysMixRule } from "./kinds/media-keys-mix.js";
import type { RequiresRule } from "./kinds/requires.js";
import type { TimeWindowRule } from "./kinds/time-window.js";
import type { UniformRule } from "./kinds/uniform.js";

export type { Check, Failure, RuleBase } from "./check.js";
export type { Condition } from "./kinds/conditional.js";

export type Rule =
  | CompareRule
  | ExclusiveRule
  | RequiresRule
  | ConditionalRule
  | MaxTotalItemsRule
  | TimeWindowRule
  | MaxAheadRule
  | MaxBodyBytesRule
  | MaxTreeLeavesRule
  | UniformRule
  | MediaKeysMixRule;

export type RuleKind = Rule["kind"];
export type RuleOf<K extends RuleKind> = Extract<Rule, { kind: K }>;

/** The checks of some kinds, by kind: a generated operation names those of its rules. */
export type Checks = { readonly [K in RuleKind]?: Check<RuleOf<K>> };
