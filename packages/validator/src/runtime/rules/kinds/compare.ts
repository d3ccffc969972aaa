// compare: when both are present, `left operator right` holds (numbers; timestamps as instants;
// strings; `==`/`!=` deep). A check skips values of the wrong type: the schema reports those.
import { equal } from "../../helpers.js";
import type { Check, RuleBase } from "../check.js";
import { instantOf } from "../duration.js";
import { locate } from "../reference.js";

export interface CompareRule extends RuleBase {
  kind: "compare";
  left: string;
  operator: "<" | "<=" | ">" | ">=" | "==" | "!=";
  right: string;
}

function comparable(a: unknown, b: unknown): [number, number] | [string, string] | undefined {
  if (typeof a === "number" && typeof b === "number") return [a, b];
  const left = instantOf(a);
  const right = instantOf(b);
  if (left && right) return [left.getTime(), right.getTime()];
  if (typeof a === "string" && typeof b === "string") return [a, b];
  return undefined;
}

/** Whether `a operator b` holds; undefined when an ordering compares values of different types (skipped). */
function holds(operator: CompareRule["operator"], a: unknown, b: unknown): boolean | undefined {
  const pair = comparable(a, b);
  if (operator === "==") return pair ? pair[0] === pair[1] : equal(a, b);
  if (operator === "!=") return pair ? pair[0] !== pair[1] : !equal(a, b);
  if (!pair) return undefined;
  const [left, right] = pair;
  if (operator === "<") return left < right;
  if (operator === "<=") return left <= right;
  if (operator === ">") return left > right;
  return left >= right;
}

export const check: Check<CompareRule> = (rule, scope) => {
  const left = locate(scope, rule, rule.left);
  const right = locate(scope, rule, rule.right);
  if (left.value === undefined || right.value === undefined || left.value === null || right.value === null)
    return undefined;
  const held = holds(rule.operator, left.value, right.value);
  if (held === undefined) return undefined;
  return held ? [] : [{ parameter: left.parameter }];
};
