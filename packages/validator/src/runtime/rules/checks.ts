// One check per x-rules kind. Each returns the places that break the rule (empty when it holds).
// A check skips values of the wrong type: the schema reports those.

import { equal } from "../helpers.js";
import { addDuration, instantOf, parseDuration } from "./duration.js";
import { type Located, locate, type Scope } from "./reference.js";
import type { Condition, RuleKind, RuleOf } from "./rule.js";

export interface Failure {
  parameter: string;
  detail?: string;
}

type Check<K extends RuleKind> = (rule: RuleOf<K>, scope: Scope) => Failure[];

function comparable(a: unknown, b: unknown): [number, number] | [string, string] | undefined {
  if (typeof a === "number" && typeof b === "number") return [a, b];
  const left = instantOf(a);
  const right = instantOf(b);
  if (left && right) return [left.getTime(), right.getTime()];
  if (typeof a === "string" && typeof b === "string") return [a, b];
  return undefined;
}

function holds(operator: RuleOf<"compare">["operator"], a: unknown, b: unknown): boolean {
  const pair = comparable(a, b);
  if (operator === "==") return pair ? pair[0] === pair[1] : equal(a, b);
  if (operator === "!=") return pair ? pair[0] !== pair[1] : !equal(a, b);
  if (!pair) return true;
  const [left, right] = pair;
  if (operator === "<") return left < right;
  if (operator === "<=") return left <= right;
  if (operator === ">") return left > right;
  return left >= right;
}

/**
 * Whether a place meets a condition. A value test (equals, in, minItems, maxItems) on an absent value
 * without default does not apply: it answers `absent` (false for an `if`, true for a `then`).
 */
function meets(condition: Condition, place: Located, absent: boolean): boolean {
  if (place.value === undefined && condition.present === undefined) return absent;
  if (condition.present !== undefined && place.present !== condition.present) return false;
  if ("equals" in condition && !equal(place.value, condition.equals)) return false;
  if (condition.in && !condition.in.some((candidate) => equal(candidate, place.value))) return false;
  const length = Array.isArray(place.value) ? place.value.length : undefined;
  if (condition.minItems !== undefined && (length === undefined || length < condition.minItems)) return false;
  if (condition.maxItems !== undefined && (length === undefined || length > condition.maxItems)) return false;
  return true;
}

function countLeaves(node: unknown, children: string): number {
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + countLeaves(child, children), 0);
  if (typeof node !== "object" || node === null) return 1;
  const kids = (node as Record<string, unknown>)[children];
  if (kids === undefined || kids === null || (Array.isArray(kids) && kids.length === 0)) return 1;
  return countLeaves(kids, children);
}

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split(".")) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function byteLength(request: Scope["request"]): number | undefined {
  if (request.rawBody !== undefined) return new TextEncoder().encode(request.rawBody).length;
  if (request.body === undefined) return undefined;
  const media = request.bodyMediaType ?? "application/json";
  let text: string;
  if (media === "application/x-www-form-urlencoded" && typeof request.body === "object") {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (value !== undefined) form.append(key, Array.isArray(value) ? value.join(",") : String(value));
    }
    text = form.toString();
  } else {
    text = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
  }
  return new TextEncoder().encode(text).length;
}

export const checks: { [K in RuleKind]: Check<K> } = {
  compare(rule, scope) {
    const left = locate(scope, rule.left, rule.defaults);
    const right = locate(scope, rule.right, rule.defaults);
    if (left.value === undefined || right.value === undefined || left.value === null || right.value === null) return [];
    return holds(rule.operator, left.value, right.value) ? [] : [{ parameter: left.parameter }];
  },

  exclusive(rule, scope) {
    const present = rule.parameters.map((r) => locate(scope, r)).filter((p) => p.present);
    return present.length <= 1
      ? []
      : [
          {
            parameter: present[1]?.parameter ?? "",
            detail: `${present.map((p) => p.parameter).join(" and ")} were both sent`,
          },
        ];
  },

  requires(rule, scope) {
    if (!locate(scope, rule.if).present) return [];
    return rule.then
      .map((r) => locate(scope, r))
      .filter((p) => !p.present)
      .map((p) => ({ parameter: p.parameter, detail: `${p.parameter} is missing` }));
  },

  conditional(rule, scope) {
    if (!meets(rule.if, locate(scope, rule.if.parameter, rule.defaults), false)) return [];
    const then = locate(scope, rule.then.parameter, rule.defaults);
    return meets(rule.then, then, true) ? [] : [{ parameter: then.parameter }];
  },

  "max-total-items"(rule, scope) {
    const lists = rule.parameters.map((r) => locate(scope, r, rule.defaults));
    const total = lists.reduce((sum, p) => sum + (Array.isArray(p.value) ? p.value.length : 0), 0);
    return total <= rule.max
      ? []
      : [{ parameter: lists.find((p) => p.present)?.parameter ?? "", detail: `${total} items` }];
  },

  "time-window"(rule, scope) {
    const start = locate(scope, rule.start, rule.defaults);
    const end = locate(scope, rule.end, rule.defaults);
    const from = instantOf(start.value);
    const to = end.value === undefined && rule.endDefaultsToNow ? scope.request.now : instantOf(end.value);
    if (!from || !to) return [];
    if (to.getTime() < from.getTime()) return [{ parameter: end.parameter, detail: "the end is before the start" }];
    const latest = addDuration(from, parseDuration(rule.max));
    return to.getTime() <= latest.getTime()
      ? []
      : [{ parameter: end.parameter, detail: `the window is longer than ${rule.max}` }];
  },

  "max-ahead"(rule, scope) {
    const place = locate(scope, rule.parameter, rule.defaults);
    const instant = instantOf(place.value);
    if (!instant) return [];
    const limit = addDuration(scope.request.now, parseDuration(rule.max)).getTime();
    const ok = rule.exclusive ? instant.getTime() < limit : instant.getTime() <= limit;
    return ok ? [] : [{ parameter: place.parameter, detail: `more than ${rule.max} ahead` }];
  },

  "max-body-bytes"(rule, scope) {
    const size = byteLength(scope.request);
    return size === undefined || size <= rule.max ? [] : [{ parameter: "body", detail: `${size} bytes` }];
  },

  "max-tree-leaves"(rule, scope) {
    const place = locate(scope, rule.parameter, rule.defaults);
    if (place.value === undefined || place.value === null) return [];
    const leaves = countLeaves(place.value, rule.children);
    return leaves <= rule.max ? [] : [{ parameter: place.parameter, detail: `${leaves} leaves` }];
  },

  uniform(rule, scope) {
    const place = locate(scope, rule.items, rule.defaults);
    if (!Array.isArray(place.value)) return [];
    const firsts = new Map<unknown, unknown>();
    const failures: Failure[] = [];
    place.value.forEach((item, index) => {
      const key = JSON.stringify(at(item, rule.groupBy) ?? null);
      const first = firsts.get(key);
      if (first === undefined) {
        firsts.set(key, item);
        return;
      }
      for (const field of rule.fields) {
        if (!equal(at(item, field), at(first, field))) {
          failures.push({
            parameter: `${place.parameter}[${index}].${field}`,
            detail: `differs from the first item with the same ${rule.groupBy}`,
          });
        }
      }
    });
    return failures;
  },

  "media-keys-mix"(rule, scope) {
    const place = locate(scope, rule.parameter, rule.defaults);
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
  },
};
