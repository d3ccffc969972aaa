import type { RuleOutcome, ValidationError } from "../types.js";
import { type RuleRequest, scopesOf } from "./reference.js";
import type { Check, Checks, Rule } from "./rule.js";

export type { RuleRequest } from "./reference.js";
export type { Checks, Condition, Rule, RuleKind } from "./rule.js";

/**
 * Reports every x-rules error of a request to `add`; the message is the rule's description and names
 * the rule. `checks` holds the check of each kind the rules use (a generated operation imports only
 * those). `onRule`, when given, is told each rule's outcome in each scope that engaged it.
 */
export function checkRules(
  rules: readonly Rule[],
  checks: Checks,
  request: RuleRequest,
  add: (error: ValidationError) => void,
  onRule?: (outcome: RuleOutcome) => void,
): void {
  for (const rule of rules) {
    const check = (Object.hasOwn(checks, rule.kind) ? checks[rule.kind] : undefined) as Check<Rule> | undefined;
    if (!check) throw new Error(`@xads/validator: no check for the x-rules kind ${rule.kind} of rule ${rule.id}`);
    for (const scope of scopesOf(request, rule)) {
      const failures = check(rule, scope);
      if (failures === undefined) continue;
      for (const failure of failures) {
        const detail = failure.detail ? `; ${failure.detail}` : "";
        add({
          code: rule.error,
          parameter: failure.parameter,
          message: `${rule.description} (rule ${rule.id}, ${rule.kind}${detail})`,
        });
      }
      onRule?.({ id: rule.id, kind: rule.kind, outcome: failures.length === 0 ? "held" : "broken" });
    }
  }
}
