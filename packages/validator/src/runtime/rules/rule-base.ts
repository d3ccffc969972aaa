// What the generator emits with every rule: its common fields and its references, parsed. Shared by
// the checks' contract (check.ts) and the reference resolver (reference.ts).

export type Step = { property: string } | { each: true };

/** A reference as the generator emits it (a header's name in lower case, as requests are read). */
export interface ParsedReference {
  in: "query" | "path" | "header" | "body";
  name: string;
  steps: Step[];
}

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
