// Reads the references of an x-rule of a limit kind (`query.count`, `body[].params.name`) in a request,
// for the bounds (bounds.ts) to measure the value a request sent against the rule's limit: whether a
// rule was engaged, held or broke is the validator's to say (x-rules.ts). Where a reference is read,
// and once per item of a batch, is the validator's rule too (`ruleScopesOf`, `locateReference`).
import { locateReference, type Rule, type RuleScope, ruleScopesOf } from "@xads/validator";
import type { RequestView } from "./request-view.js";

export type Scope = RuleScope;

/** The scopes a rule is read in: one per item of the `[]` prefix its body references share. */
export function scopesOf(view: RequestView, rule: Rule): Scope[] {
  // The references read no clock; `now` is there because the rules' request carries one.
  const request = { path: view.path, query: view.query, header: view.header, body: view.body, now: new Date(0) };
  return ruleScopesOf(request, rule);
}

/** The value a reference names in a scope (a default when absent, which does not make it sent). */
export function locate(scope: Scope, rule: Rule, reference: string): { value: unknown; present: boolean } {
  const { value, present } = locateReference(scope, rule, reference);
  return { value, present };
}

/** A reference or an error's parameter without its place: `query.count`, `body[2].params.count`: `count`. */
export function fieldName(reference: string): string {
  return reference
    .replace(/^(query|path|header)\./, "")
    .replace(/^body(\[\d*\])?\.?/, "")
    .replace(/^params\./, "")
    .replace(/\[\d*\]/g, "[]");
}
