// time-window: 0 <= end - start <= max (ISO 8601 duration, calendar months and years in UTC);
// `endDefaultsToNow` measures to `now` when `end` is absent.
import type { Check, RuleBase } from "../check.js";
import { addDuration, instantOf, parseDuration } from "../duration.js";
import { locate } from "../reference.js";

export interface TimeWindowRule extends RuleBase {
  kind: "time-window";
  start: string;
  end: string;
  max: string;
  endDefaultsToNow?: boolean;
}

export const check: Check<TimeWindowRule> = (rule, scope) => {
  const start = locate(scope, rule, rule.start);
  const end = locate(scope, rule, rule.end);
  const from = instantOf(start.value);
  const to = end.value === undefined && rule.endDefaultsToNow ? scope.request.now : instantOf(end.value);
  if (!from || !to) return undefined;
  if (to.getTime() < from.getTime()) return [{ parameter: end.parameter, detail: "the end is before the start" }];
  const latest = addDuration(from, parseDuration(rule.max));
  return to.getTime() <= latest.getTime()
    ? []
    : [{ parameter: end.parameter, detail: `the window is longer than ${rule.max}` }];
};
