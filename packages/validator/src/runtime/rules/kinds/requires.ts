// requires: when `if` is sent, every `then` is sent (each missing one is reported).
import type { Check, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface RequiresRule extends RuleBase {
  kind: "requires";
  if: string;
  then: string[];
}

export const check: Check<RequiresRule> = (rule, scope) => {
  if (!locate(scope, rule, rule.if).present) return undefined;
  return rule.then
    .map((r) => locate(scope, rule, r))
    .filter((p) => !p.present)
    .map((p) => ({ parameter: p.parameter, detail: `${p.parameter} is missing` }));
};
