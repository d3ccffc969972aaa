// The stated bounds of an operation, and what a request measured against each: `count` at most the
// spec's maximum and a batch's items at most its limit (the emulator's generated tables), and the limits
// of the x-rules of limit kinds (max-total-items, max-tree-leaves, max-body-bytes and each key kind of
// media-keys-mix). A bound is read per item where its rule is (a batch's items).
import type { OperationValidator, Rule } from "@xads/validator";
import type { OperationSpec } from "../spec-types.js";
import { fieldName, locate, scopesOf } from "./references.js";
import type { RequestView } from "./request-view.js";

export interface Bound {
  bound: string;
  measure: string;
  limit: number;
  /** The values the request measured (several when the bound is read per item). */
  read(view: RequestView): number[];
}

const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

/** Leaves of a tree or list of trees (nodes whose `children` are empty), without recursion. */
function leaves(root: unknown, children: string): number {
  let count = 0;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (typeof node !== "object" || node === null) count++;
    else {
      const kids = (node as Record<string, unknown>)[children];
      if (kids === undefined || kids === null || (Array.isArray(kids) && kids.length === 0)) count++;
      else pending.push(kids);
    }
  }
  return count;
}

function keysOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return typeof value === "string" && value !== "" ? [value] : [];
}

function ruleBounds(rule: Rule): Bound[] {
  const perScope =
    (measure: (scope: ReturnType<typeof scopesOf>[number]) => number | undefined) => (view: RequestView) =>
      scopesOf(view, rule)
        .map(measure)
        .filter((value): value is number => value !== undefined);
  switch (rule.kind) {
    case "max-total-items":
      return [
        {
          bound: rule.id,
          measure: `items of ${rule.parameters.map(fieldName).join(" + ")}`,
          limit: rule.max,
          read: perScope((scope) => {
            const lists = rule.parameters.map((reference) => locate(scope, rule, reference));
            return lists.some((list) => list.present)
              ? lists.reduce((sum, list) => sum + lengthOf(list.value), 0)
              : undefined;
          }),
        },
      ];
    case "max-tree-leaves":
      return [
        {
          bound: rule.id,
          measure: `leaves of ${fieldName(rule.parameter)}`,
          limit: rule.max,
          read: perScope((scope) => {
            const tree = locate(scope, rule, rule.parameter);
            return tree.present ? leaves(tree.value, rule.children) : undefined;
          }),
        },
      ];
    case "max-body-bytes":
      return [
        {
          bound: rule.id,
          measure: "body bytes",
          limit: rule.max,
          read: (view) => {
            const bytes = view.bodyBytes();
            return bytes === undefined ? [] : [bytes];
          },
        },
      ];
    case "media-keys-mix":
      return Object.entries(rule.limits).map(([kind, limit]) => ({
        bound: `${rule.id} ${kind}`,
        measure: `${kind} keys in ${fieldName(rule.parameter)}`,
        limit,
        read: perScope((scope) => {
          const prefixes = rule.prefixes[kind] ?? [];
          const keys = keysOf(locate(scope, rule, rule.parameter).value).filter(
            (key) => typeof key === "string" && prefixes.some((prefix) => key.startsWith(prefix)),
          );
          return keys.length > 0 ? keys.length : undefined;
        }),
      }));
    default:
      return [];
  }
}

export function boundsOf(operation: OperationSpec, validator: OperationValidator): Bound[] {
  const bounds: Bound[] = [];
  if (operation.count) {
    bounds.push({
      bound: "count",
      measure: "query count",
      limit: operation.count.max,
      read: (view) => (typeof view.query.count === "number" ? [view.query.count] : []),
    });
  }
  if (operation.batchItems !== null) {
    bounds.push({
      bound: "items",
      measure: "items in the body",
      limit: operation.batchItems,
      read: (view) => (Array.isArray(view.body) ? [view.body.length] : []),
    });
  }
  for (const rule of validator.rules) bounds.push(...ruleBounds(rule));
  return bounds;
}
