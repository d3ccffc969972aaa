// What the client doctor reports, and the shape of its checks (one module per kind in checks/).
import type { Exchange } from "../observe/exchange.js";
import type { OperationSpec } from "../spec-types.js";
import type { Observed } from "./observed.js";

export type Severity = "error" | "warning";

/** Where the facts file or a seed states the rule, and the rule in a few words. */
export interface Rule {
  source: string;
  text: string;
}

/** One thing a client did wrong, on one request. */
export interface Finding {
  id: string;
  severity: Severity;
  /** `index`: the request's place in `requests` (of its tenant) when the findings are read. */
  request: { index: number; at: number; method: string; path: string };
  rule: Rule;
  fix: string;
}

/** What a check is given: the exchange that just ended, read once, and the caller's earlier ones. */
export interface Seen {
  exchange: Exchange;
  current: Observed;
  /** The same caller's earlier exchanges that the request log still holds, oldest first. */
  history: readonly Observed[];
  operation: OperationSpec | undefined;
  url: URL;
  /** The query's parameters, then a form body's. */
  params: URLSearchParams;
  /** The OAuth 1.0a parameters of its Authorization header, refused or not. */
  oauth: Readonly<Record<string, string>> | undefined;
  /** The consumer and token secrets of the credentials the request names: looked for, never reported. */
  secrets(): readonly string[];
}

/** A check's verdict on one request: its severity and what to do instead (never a secret or a value sent). */
export interface Hit {
  severity: Severity;
  fix: string;
  /** When the rule depends on the request (a batch's own limit). */
  rule?: Rule;
}

export interface DoctorCheck {
  id: string;
  /** What it finds, in a line (the README's table). */
  title: string;
  rule: Rule;
  detect(seen: Seen): Hit | undefined;
}
