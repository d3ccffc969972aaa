// max-tree-leaves: the tree under `parameter` has at most `max` leaves (nodes whose `children` are empty).
import type { Check, RuleBase } from "../check.js";
import { locate } from "../reference.js";

export interface MaxTreeLeavesRule extends RuleBase {
  kind: "max-tree-leaves";
  parameter: string;
  children: string;
  max: number;
}

/** Leaves of a tree (or a list of trees), counted without recursion: any depth. */
function countLeaves(root: unknown, children: string): number {
  let leaves = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      for (const child of node) pending.push(child);
      continue;
    }
    if (typeof node !== "object" || node === null) {
      leaves++;
      continue;
    }
    const kids = Object.hasOwn(node, children) ? (node as Record<string, unknown>)[children] : undefined;
    if (kids === undefined || kids === null || (Array.isArray(kids) && kids.length === 0)) leaves++;
    else pending.push(kids);
  }
  return leaves;
}

export const check: Check<MaxTreeLeavesRule> = (rule, scope) => {
  const place = locate(scope, rule, rule.parameter);
  if (place.value === undefined || place.value === null) return undefined;
  const leaves = countLeaves(place.value, rule.children);
  return leaves <= rule.max ? [] : [{ parameter: place.parameter, detail: `${leaves} leaves` }];
};
