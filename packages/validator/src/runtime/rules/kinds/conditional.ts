// conditional: when the `if` condition holds, the `then` condition holds.
import { equal } from "../../helpers.js";
import type { Check, RuleBase } from "../check.js";
import { type Located, locate } from "../reference.js";

export interface Condition {
  parameter: string;
  present?: boolean;
  equals?: unknown;
  in?: unknown[];
  minItems?: number;
  maxItems?: number;
}

export interface ConditionalRule extends RuleBase {
  kind: "conditional";
  if: Condition;
  then: Condition;
}

/**
 * Whether a place meets a condition. A value test (equals, in, minItems, maxItems) on an absent value
 * without default does not apply: it answers `absent` (false for an `if`, true for a `then`).
 */
function meets(condition: Condition, place: Located, absent: boolean): boolean {
  if (place.value === undefined && condition.present === undefined) return absent;
  if (condition.present !== undefined && place.present !== condition.present) return false;
  if ("equals" in condition && !equal(place.value, condition.equals)) return false;
  if (condition.in && !condition.in.some((candidate) => equal(candidate, place.value))) return false;
  const length = Array.isArray(place.value) ? place.value.length : undefined;
  if (condition.minItems !== undefined && (length === undefined || length < condition.minItems)) return false;
  if (condition.maxItems !== undefined && (length === undefined || length > condition.maxItems)) return false;
  return true;
}

export const check: Check<ConditionalRule> = (rule, scope) => {
  if (!meets(rule.if, locate(scope, rule, rule.if.parameter), false)) return undefined;
  const then = locate(scope, rule, rule.then.parameter);
  return meets(rule.then, then, true) ? [] : [{ parameter: then.parameter }];
};
