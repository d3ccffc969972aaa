// uniform: items with the same `groupBy` value agree on every field of `fields` (no two items of one
// group: nothing to test).
import { equal } from "../../helpers.js";
import { stringify } from "../../json-text.js";
import type { Check, Failure, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface UniformRule extends RuleBase {
  kind: "uniform";
  items: string;
  groupBy: string;
  fields: string[];
}

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export const check: Check<UniformRule> = (rule, scope) => {
  const place = locate(scope, rule, rule.items);
  if (!Array.isArray(place.value)) return undefined;
  const firsts = new Map<unknown, unknown>();
  const failures: Failure[] = [];
  let compared = false;
  place.value.forEach((item, index) => {
    const key = stringify(at(item, rule.groupBy) ?? null);
    const first = firsts.get(key);
    if (first === undefined) {
      firsts.set(key, item);
      return;
    }
    compared = true;
    for (const field of rule.fields) {
      if (!equal(at(item, field), at(first, field))) {
        failures.push({
          parameter: `${place.parameter}[${index}].${field}`,
          detail: `differs from the first item with the same ${rule.groupBy}`,
        });
      }
    }
  });
  return compared ? failures : undefined;
};
