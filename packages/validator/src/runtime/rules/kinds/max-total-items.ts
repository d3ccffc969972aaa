// max-total-items: the lists together have at most `max` items (none sent: nothing to test).
import type { Check, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface MaxTotalItemsRule extends RuleBase {
  kind: "max-total-items";
  parameters: string[];
  max: number;
}

export const check: Check<MaxTotalItemsRule> = (rule, scope) => {
  const lists = rule.parameters.map((r) => locate(scope, rule, r));
  const sent = lists.find((p) => p.present);
  if (!sent) return undefined;
  const total = lists.reduce((sum, p) => sum + (Array.isArray(p.value) ? p.value.length : 0), 0);
  return total <= rule.max ? [] : [{ parameter: sent.parameter, detail: `${total} items` }];
};
