// media-keys-mix: the keys are all of one kind (by prefix) and at most that kind's limit. The prefix
// mapping is inferred (the reference says only that a key starts with an integer and an underscore),
// so a key of an unknown prefix is unclassified: it passes and counts toward no kind.
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
  if (keys.length === 0) return undefined;
  const kindOf = (key: unknown) =>
    Object.keys(rule.prefixes).find(
      (kind) => typeof key === "string" && (rule.prefixes[kind] ?? []).some((p) => key.startsWith(p)),
    );
  const kinds = keys.map(kindOf).filter((kind): kind is string => kind !== undefined);
  const distinct = [...new Set(kinds)];
  if (distinct.length > 1) return [{ parameter: place.parameter, detail: `mixes ${distinct.join(" and ")}` }];
  const kind = distinct[0];
  if (kind === undefined) return [];
  const limit = rule.limits[kind];
  return limit === undefined || kinds.length <= limit
    ? []
    : [{ parameter: place.parameter, detail: `${kinds.length} ${kind} keys, at most ${limit}` }];
};
