// The x-rules kinds the validator implements, as a discriminated union: a generated module that
// declares any other kind does not type-check (and the generator refuses it first, with a message).

interface RuleBase {
  id: string;
  description: string;
  error: string;
  /** Schema defaults of the references, filled in by the generator (see spec/README.md, x-rules). */
  defaults?: Record<string, unknown>;
}

export interface Condition {
  parameter: string;
  present?: boolean;
  equals?: unknown;
  in?: unknown[];
  minItems?: number;
  maxItems?: number;
}

export type Rule = RuleBase &
  (
    | { kind: "compare"; left: string; operator: "<" | "<=" | ">" | ">=" | "==" | "!="; right: string }
    | { kind: "exclusive"; parameters: string[] }
    | { kind: "requires"; if: string; then: string[] }
    | { kind: "conditional"; if: Condition; then: Condition }
    | { kind: "max-total-items"; parameters: string[]; max: number }
    | { kind: "time-window"; start: string; end: string; max: string; endDefaultsToNow?: boolean }
    | { kind: "max-ahead"; parameter: string; max: string; exclusive?: boolean }
    | { kind: "max-body-bytes"; max: number }
    | { kind: "max-tree-leaves"; parameter: string; children: string; max: number }
    | { kind: "uniform"; items: string; groupBy: string; fields: string[] }
    | { kind: "media-keys-mix"; parameter: string; prefixes: Record<string, string[]>; limits: Record<string, number> }
  );

export type RuleKind = Rule["kind"];
export type RuleOf<K extends RuleKind> = Extract<Rule, { kind: K }>;
