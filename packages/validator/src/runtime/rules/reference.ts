// Resolves x-rules references (`query.count`, `body[].params.users[].email`) against a request. The
// generator parses each reference of a rule (spec/lib/operations.mjs, parseReference) and emits it in
// the rule's `parsedReferences`: the runtime reads references, it does not parse them.

import type { ParsedReference, RuleBase, Step } from "./rule-base.js";

export type { ParsedReference, Step };

/** The request as the rules see it: coerced values by location (header names in lower case). */
export interface RuleRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body: unknown;
  /** The body as sent on the wire (for max-body-bytes), when it was given as text. */
  rawBody?: string;
  bodyMediaType?: string;
  now: Date;
}

/** A place a rule looks at: the value there and the name an error gives it. */
export interface Located {
  value: unknown;
  /** Explicitly sent (a default does not count). */
  present: boolean;
  parameter: string;
}

/** One item of the shared `[]` prefix of a rule's body references, or the whole request. */
export interface Scope {
  request: RuleRequest;
  /** Steps of the shared prefix already walked, and where they landed. */
  prefixLength: number;
  base: unknown;
  baseName: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stepName(name: string, step: Step, index?: number): string {
  if ("each" in step) return `${name}[${index ?? ""}]`;
  return name ? `${name}.${step.property}` : step.property;
}

/** Walks steps from a value; `[]` steps fan out, so the result lists every place reached. */
function walk(value: unknown, name: string, steps: Step[]): Array<{ value: unknown; parameter: string }> {
  let places = [{ value, parameter: name }];
  for (const step of steps) {
    const next: Array<{ value: unknown; parameter: string }> = [];
    for (const place of places) {
      if ("each" in step) {
        if (Array.isArray(place.value)) {
          place.value.forEach((item, index) => {
            next.push({ value: item, parameter: stepName(place.parameter, step, index) });
          });
        }
      } else if (isRecord(place.value)) {
        const value = Object.hasOwn(place.value, step.property) ? place.value[step.property] : undefined;
        next.push({ value, parameter: stepName(place.parameter, step) });
      } else {
        next.push({ value: undefined, parameter: stepName(place.parameter, step) });
      }
    }
    places = next;
  }
  return places;
}

/**
 * The value a reference of a rule names within a scope; an absent value takes the reference's schema
 * default (`rule.defaults`), which does not make it present. A reference with `[]` steps beyond the
 * scope's prefix yields the list of values it reaches.
 */
export function locate(scope: Scope, rule: RuleBase, reference: string): Located {
  const ref = rule.parsedReferences[reference];
  if (!ref) throw new Error(`@xads/validator: rule ${rule.id} has no parsed reference ${reference}`);
  const defaults = rule.defaults;
  if (ref.in !== "body") {
    const values = scope.request[ref.in];
    const value = Object.hasOwn(values, ref.name) ? values[ref.name] : undefined;
    const fallback = value === undefined ? defaults?.[reference] : value;
    return { value: fallback, present: value !== undefined, parameter: ref.name };
  }
  const remaining = ref.steps.slice(scope.prefixLength);
  const places = walk(scope.base, scope.baseName, remaining);
  const fansOut = remaining.some((step) => "each" in step);
  if (fansOut) {
    const values = places.map((p) => p.value).filter((v) => v !== undefined);
    return { value: values, present: values.length > 0, parameter: places[0]?.parameter ?? scope.baseName };
  }
  const place = places[0] ?? { value: undefined, parameter: scope.baseName };
  const value = place.value === undefined ? defaults?.[reference] : place.value;
  return { value, present: place.value !== undefined, parameter: place.parameter || "body" };
}

/** The scopes a rule is checked in: one per item of the `[]` prefix all its references share. */
export function scopesOf(request: RuleRequest, rule: RuleBase): Scope[] {
  const whole: Scope = { request, prefixLength: 0, base: request.body, baseName: "body" };
  const parsedRefs = Object.values(rule.parsedReferences);
  if (parsedRefs.length === 0 || parsedRefs.some((r) => r.in !== "body")) return [whole];
  const first = parsedRefs[0] as ParsedReference;
  let shared = 0;
  for (let i = 0; i < first.steps.length; i++) {
    const step = first.steps[i] as Step;
    const same = parsedRefs.every((r) => {
      const other = r.steps[i];
      if (!other) return false;
      return "each" in step ? "each" in other : "property" in other && other.property === step.property;
    });
    if (!same) break;
    if ("each" in step) shared = i + 1;
  }
  if (shared === 0) return [whole];
  return walk(request.body, "body", first.steps.slice(0, shared)).map((place) => ({
    request,
    prefixLength: shared,
    base: place.value,
    baseName: place.parameter,
  }));
}
