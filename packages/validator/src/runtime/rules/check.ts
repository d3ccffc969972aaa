// What every x-rules kind's runtime check shares: the rule fields the generator emits for every kind,
// and the shape of a check. One check per kind, in kinds/<kind>.ts (named by the kind's module in
// spec/rules/kinds/, `runtime`); a generated operation imports only the checks of its rules' kinds.

import type { ParsedReference, Scope } from "./reference.js";

/** The fields of every rule, as the generator emits them. */
export interface RuleBase {
  id: string;
  description: string;
  error: string;
  /** Schema defaults of the references, filled in by the generator (see spec/README.md, x-rules). */
  defaults?: Record<string, unknown>;
  /** Each reference of the rule, parsed by the generator: the runtime has no parser. */
  parsedReferences: Readonly<Record<string, ParsedReference>>;
}

/** A place that breaks a rule. */
export interface Failure {
  parameter: string;
  detail?: string;
}

/** A kind's check: the places that break the rule within one scope (empty when it holds). */
export type Check<R extends RuleBase> = (rule: R, scope: Scope) => Failure[];
