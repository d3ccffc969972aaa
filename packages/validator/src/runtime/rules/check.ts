// What every x-rules kind's runtime check shares: the rule fields the generator emits for every kind
// (rule-base.ts) and the shape of a check. One check per kind, in kinds/<kind>.ts (named by the kind's
// module in spec/rules/kinds/, `runtime`); a generated operation imports only the checks of its rules' kinds.

import type { Scope } from "./reference.js";
import type { RuleBase } from "./rule-base.js";

export type { RuleBase };

/** A place that breaks a rule. */
export interface Failure {
  parameter: string;
  detail?: string;
}

/**
 * A kind's check: the places that break the rule within one scope (empty when it holds), or undefined
 * when the scope gave it nothing to test (a conditional's `if` not met, a value absent): the rule was
 * not engaged there, so it neither held nor broke.
 */
export type Check<R extends RuleBase> = (rule: R, scope: Scope) => Failure[] | undefined;
