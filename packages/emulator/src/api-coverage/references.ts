// Reads the references of an x-rule of a limit kind (`query.count`, `body[].params.name`) in a request,
// for the bounds (bounds.ts) to measure the value a request sent against the rule's limit: whether a
// rule was engaged, held or broke is the validator's to say (x-rules.ts). A rule whose body references
// share a `[]` prefix is read once per item (a batch's items), as the validator checks it; an absent
// value takes the reference's schema default, which does not make it sent.
import type { Rule } from "@xads/validator";
import type { RequestView } from "./request-view.js";

type Step = { property: string } | { each: true };

/** Where a rule is read: one item of the shared `[]` prefix, or the whole request. */
export interface Scope {
  view: RequestView;
  prefixLength: number;
  base: unknown;
}

interface Place {
  value: unknown;
  /** Sent (a default does not count). */
  present: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The values a walk reaches, `[]` steps fanning out (undefined where a property is missing). */
function walk(value: unknown, steps: readonly Step[]): unknown[] {
  let places: unknown[] = [value];
  for (const step of steps) {
    places = places.flatMap((place) => {
      if ("each" in step) return Array.isArray(place) ? place : [];
      return [isRecord(place) && Object.hasOwn(place, step.property) ? place[step.property] : undefined];
    });
  }
  return places;
}

export function locate(scope: Scope, rule: Rule, reference: string): Place {
  const parsed = rule.parsedReferences[reference];
  if (!parsed) return { value: undefined, present: false };
  const fallback = rule.defaults?.[reference];
  if (parsed.in !== "body") {
    const values = scope.view[parsed.in];
    const value = Object.hasOwn(values, parsed.name) ? values[parsed.name] : undefined;
    return { value: value === undefined ? fallback : value, present: value !== undefined };
  }
  const remaining = parsed.steps.slice(scope.prefixLength);
  const values = walk(scope.base, remaining);
  if (remaining.some((step) => "each" in step)) {
    const sent = values.filter((value) => value !== undefined);
    return { value: sent, present: sent.length > 0 };
  }
  const value = values[0];
  return { value: value === undefined ? fallback : value, present: value !== undefined };
}

/** The scopes a rule is read in: one per item of the `[]` prefix its body references share. */
export function scopesOf(view: RequestView, rule: Rule): Scope[] {
  const whole: Scope = { view, prefixLength: 0, base: view.body };
  const references = Object.values(rule.parsedReferences);
  const [first] = references;
  if (!first || references.some((r) => r.in !== "body")) return [whole];
  let shared = 0;
  for (let i = 0; i < first.steps.length; i++) {
    const step = first.steps[i] as Step;
    const same = references.every((r) => {
      const other = r.steps[i];
      if (!other) return false;
      return "each" in step ? "each" in other : "property" in other && other.property === step.property;
    });
    if (!same) break;
    if ("each" in step) shared = i + 1;
  }
  if (shared === 0) return [whole];
  return walk(view.body, first.steps.slice(0, shared)).map((base) => ({ view, prefixLength: shared, base }));
}

/** A reference or an error's parameter without its place: `query.count`, `body[2].params.count`: `count`. */
export function fieldName(reference: string): string {
  return reference
    .replace(/^(query|path|header)\./, "")
    .replace(/^body(\[\d*\])?\.?/, "")
    .replace(/^params\./, "")
    .replace(/\[\d*\]/g, "[]");
}
