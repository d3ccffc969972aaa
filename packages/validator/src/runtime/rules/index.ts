import type { ValidationError } from "../types.js";
import { checks, type Failure } from "./checks.js";
import { type RuleRequest, referencesOf, scopesOf } from "./reference.js";
import type { Rule } from "./rule.js";

export type { RuleRequest } from "./reference.js";
export type { Condition, Rule, RuleKind } from "./rule.js";

/** Every x-rules error of a request; the message is the rule's description and names the rule. */
export function checkRules(rules: readonly Rule[], request: RuleRequest): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const rule of rules) {
    const check = checks[rule.kind] as (rule: Rule, scope: ReturnType<typeof scopesOf>[number]) => Failure[];
    for (const scope of scopesOf(request, referencesOf(rule as unknown as Record<string, unknown>))) {
      for (const failure of check(rule, scope)) {
        const detail = failure.detail ? `; ${failure.detail}` : "";
        errors.push({
          code: rule.error,
          parameter: failure.parameter,
          message: `${rule.description} (rule ${rule.id}, ${rule.kind}${detail})`,
        });
      }
    }
  }
  return errors;
}
