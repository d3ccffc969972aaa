// media-keys-mix: the keys are all of one kind (by prefix) and at most that kind's limit; an unknown
// prefix fails.
import type { Check, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface MediaKeysMixRule extends RuleBase {
  kind: "media-keys-mix";
  parameter: string;
  prefixes: Record<string, string[]>;
  limits: Record<string, number>;
}

export const check: Check<MediaKeysMixRule> = (rule, scope) => {
  const place = locate(scope, rule, rule.parameter);
  const keys = Array.isArray(place.value) ? place.value : typeof place.value === "string" ? [place.value] : [];
  if (keys.length === 0) return [];
  const kindOf = (key: unknown) =>
    Object.keys(rule.prefixes).find(
      (kind) => typeof key === "string" && (rule.prefixes[kind] ?? []).some((p) => key.startsWith(p)),
    );
  const kinds = keys.map(kindOf);
  if (kinds.some((k) => k === undefined))
    return [{ parameter: place.parameter, detail: "a key has an unknown prefix" }];
  const distinct = [...new Set(kinds)] as string[];
  if (distinct.length > 1) return [{ parameter: place.parameter, detail: `mixes ${distinct.join(" and ")}` }];
  const kind = distinct[0] as string;
  const limit = rule.limits[kind];
  return limit === undefined || keys.length <= limit
    ? []
    : [{ parameter: place.parameter, detail: `${keys.length} ${kind} keys, at most ${limit}` }];
};
