// exclusive: at most one of `parameters` is sent (none sent: nothing to test).
import type { Check, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface ExclusiveRule extends RuleBase {
  kind: "exclusive";
  parameters: string[];
}

export const check: Check<ExclusiveRule> = (rule, scope) => {
  const present = rule.parameters.map((r) => locate(scope, rule, r)).filter((p) => p.present);
  if (present.length === 0) return undefined;
  return present.length === 1
    ? []
    : [
        {
          parameter: present[1]?.parameter ?? "",
          detail: `${present.map((p) => p.parameter).join(" and ")} were both sent`,
        },
      ];
};
