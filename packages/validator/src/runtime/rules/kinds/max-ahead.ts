// max-ahead: the timestamp is at most (`exclusive`: less than) `max` after `now`.
import type { Check, RuleBase } from "../check.js";
import { addDuration, instantOf, parseDuration } from "../duration.js";
import { locate } from "../reference.js";

export interface MaxAheadRule extends RuleBase {
  kind: "max-ahead";
  parameter: string;
  max: string;
  exclusive?: boolean;
}

export const check: Check<MaxAheadRule> = (rule, scope) => {
  const place = locate(scope, rule, rule.parameter);
  const instant = instantOf(place.value);
  if (!instant) return undefined;
  const limit = addDuration(scope.request.now, parseDuration(rule.max)).getTime();
  const ok = rule.exclusive ? instant.getTime() < limit : instant.getTime() <= limit;
  return ok ? [] : [{ parameter: place.parameter, detail: `more than ${rule.max} ahead` }];
};
