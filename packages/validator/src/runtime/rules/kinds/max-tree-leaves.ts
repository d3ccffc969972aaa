// max-tree-leaves: the tree under `parameter` has at most `max` leaves (nodes whose `children` are empty).
import type { Check, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface MaxTreeLeavesRule extends RuleBase {
  kind: "max-tree-leaves";
  parameter: string;
  children: string;
  max: number;
}

function countLeaves(node: unknown, children: string): number {
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + countLeaves(child, children), 0);
  if (typeof node !== "object" || node === null) return 1;
  const kids = (node as Record<string, unknown>)[children];
  if (kids === undefined || kids === null || (Array.isArray(kids) && kids.length === 0)) return 1;
  return countLeaves(kids, children);
}

export const check: Check<MaxTreeLeavesRule> = (rule, scope) => {
  const place = locate(scope, rule, rule.parameter);
  if (place.value === undefined || place.value === null) return [];
  const leaves = countLeaves(place.value, rule.children);
  return leaves <= rule.max ? [] : [{ parameter: place.parameter, detail: `${leaves} leaves` }];
};
