// The two outcomes of an operation's x-rules (@xads/validator's `getOperation(id).rules`) in one exchange.
//
// Broken: the validator refused the request with an error that has the rule's error code and names a
// place the rule's kind reports (the `then` of a conditional, the left side of a compare, the missing
// ones of a requires, ...: packages/validator/src/runtime/rules/kinds/), and, when the answer shows its
// messages, a message naming the rule (`(rule <id>, <kind>`): a schema error on the same parameter with
// the same code is not the rule's.
//
// Held: the request passed validation (the exchange reached the operation's behaviour) and gave the
// rule's check something to test (`engaged`): a conditional's `if` was met; a requires' `if` was sent;
// both sides of a compare had a value; at least one of an exclusive's or a max-total-items' parameters
// was sent; a time-window's start (and its end, or now) had a value; a max-ahead's, max-tree-leaves'
// or media-keys-mix's parameter had a value; a body was sent (max-body-bytes); two items shared the
// group of a uniform rule. A rule over a multipart body's fields is never engaged: coverage reads
// text bodies only.
import type { Rule } from "@xads/validator";
import type { Exchange } from "../observe/exchange.js";
import { fieldName, locate, type Place, type Scope, scopesOf } from "./references.js";
import type { RequestView } from "./request-view.js";

type Condition = Extract<Rule, { kind: "conditional" }>["if"];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const hasValue = (place: Place) => place.value !== undefined && place.value !== null;

/** A conditional's `if`, as the validator reads it (a value test on an absent value does not apply). */
function meets(condition: Condition, place: Place): boolean {
  if (place.value === undefined && condition.present === undefined) return false;
  if (condition.present !== undefined && place.present !== condition.present) return false;
  if ("equals" in condition && !same(place.value, condition.equals)) return false;
  if (condition.in && !condition.in.some((candidate) => same(candidate, place.value))) return false;
  const length = Array.isArray(place.value) ? place.value.length : undefined;
  if (condition.minItems !== undefined && (length === undefined || length < condition.minItems)) return false;
  if (condition.maxItems !== undefined && (length === undefined || length > condition.maxItems)) return false;
  return true;
}

function groupsRepeat(items: unknown, groupBy: string): boolean {
  if (!Array.isArray(items)) return false;
  const groups = new Set<string>();
  for (const item of items) {
    let value: unknown = item;
    for (const key of groupBy.split("."))
      value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    const group = JSON.stringify(value ?? null);
    if (groups.has(group)) return true;
    groups.add(group);
  }
  return false;
}

function engagedIn(rule: Rule, scope: Scope): boolean {
  const at = (reference: string) => locate(scope, rule, reference);
  switch (rule.kind) {
    case "conditional":
      return meets(rule.if, at(rule.if.parameter));
    case "requires":
      return at(rule.if).present;
    case "compare":
      return hasValue(at(rule.left)) && hasValue(at(rule.right));
    case "exclusive":
    case "max-total-items":
      return rule.parameters.some((reference) => at(reference).present);
    case "time-window":
      return hasValue(at(rule.start)) && (hasValue(at(rule.end)) || rule.endDefaultsToNow === true);
    case "max-ahead":
    case "max-tree-leaves":
      return hasValue(at(rule.parameter));
    case "media-keys-mix": {
      const keys = at(rule.parameter).value;
      return Array.isArray(keys) ? keys.length > 0 : typeof keys === "string" && keys !== "";
    }
    case "max-body-bytes":
      return scope.view.bodySent;
    case "uniform":
      return groupsRepeat(at(rule.items).value, rule.groupBy);
  }
}

/** Whether a request that passed validation gave the rule's check something to test. */
export function engaged(rule: Rule, view: RequestView): boolean {
  return scopesOf(view, rule).some((scope) => engagedIn(rule, scope));
}

/** The fields an error of the rule may name (its kind's reported places, without their location). */
function reportedFields(rule: Rule): string[] {
  switch (rule.kind) {
    case "conditional":
      return [fieldName(rule.then.parameter)];
    case "requires":
      return rule.then.map(fieldName);
    case "compare":
      return [fieldName(rule.left)];
    case "exclusive":
    case "max-total-items":
      return rule.parameters.map(fieldName);
    case "time-window":
      return [fieldName(rule.end)];
    case "max-ahead":
    case "max-tree-leaves":
    case "media-keys-mix":
      return [fieldName(rule.parameter)];
    case "max-body-bytes":
      return [""];
    case "uniform":
      return rule.fields.map(fieldName);
  }
}

/** The rule ids the answer's messages name, or undefined when the answer shows no messages. */
function namedRules(body: string | null): Set<string> | undefined {
  if (body === null || !/"(message|detail)"/.test(body)) return undefined;
  return new Set([...body.matchAll(/\(rule ([A-Za-z0-9_.-]+), /g)].map((match) => match[1] as string));
}

/** The rules a request refused by validation broke. */
export function brokenRules(rules: readonly Rule[], exchange: Exchange): Rule[] {
  const named = namedRules(exchange.responseBody);
  const errors = exchange.errors.map((error) => ({ code: error.code, field: fieldName(error.parameter ?? "") }));
  return rules.filter(
    (rule) =>
      (named === undefined || named.has(rule.id)) &&
      errors.some((error) => error.code === rule.error && reportedFields(rule).includes(error.field)),
  );
}
