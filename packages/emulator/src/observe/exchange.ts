// What the emulator saw of one request and what it answered, handed to the observers a test run
// attaches (coverage of the API's rules, the client doctor, the flight recorder). Built only when an
// observer is attached, so a run without one pays nothing for it.

/** A state rule the request's writes ran: held (the change went on) or broken (it was refused). */
export interface RuleOutcome {
  /** The registry ids (spec/workflows/state-rules.yaml) the rule module implements. */
  ids: readonly string[];
  /** The rule, as its module names it. */
  name: string;
  held: boolean;
}

/** An x-rule's outcome in one scope the validator checked it in (@xads/validator's `onRule`). */
export interface XRuleOutcome {
  /** The rule's id (`getOperation(operationId).rules`). */
  id: string;
  outcome: "held" | "broken";
}

export interface Exchange {
  /** The tenant it went to ("default": the fixture's). */
  tenant: string;
  /** On the tenant's clock, ms. */
  at: number;
  /**
   * The clock it was authenticated, rate-limited and answered at, when not `at` (a real-time clock
   * moved while its body arrived).
   */
  now?: number;
  method: string;
  /** As the request named it (scheme, host, path and query). */
  url: string;
  /** Header names lower-case; values as sent (the Authorization header too: an observer redacts). */
  requestHeaders: Record<string, string>;
  /** The body as text (a multipart body: empty; its parts are bytes), undefined when there was none. */
  requestBody: string | undefined;
  /** A multipart body's bytes as sent (its `requestBody` is undefined). */
  requestBytes?: Uint8Array;
  operationId: string | null;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string | null;
  /** The caller on this machine. */
  loopback: boolean;
  /** The credential that authenticated it (an access token, a consumer key, a bearer token). */
  credential: string | undefined;
  /** The OAuth 1.0a parameters of its Authorization header, when it had them. */
  oauth: Readonly<Record<string, string>> | undefined;
  /** The base URL its OAuth 1.0a signature was verified for (strict auth): its own, or another it was signed for. */
  signedFor?: string;
  /** Its number in the tenant's request log, counting from the start: `requests[sequence - firstSequence]`. */
  sequence?: number;
  /** The validator's and the behaviours' errors, as answered (code and parameter). */
  errors: readonly { code: string; parameter?: string }[];
  rules: readonly RuleOutcome[];
  /**
   * The x-rules the validator checked, once per rule per scope that gave it something to test (a
   * batch's items), when the request reached validation.
   */
  xRules?: readonly XRuleOutcome[];
  /** The request was refused before the operation's behaviour ran: by auth, a rate limit, a fault or validation. */
  refusedBy?: "route" | "fault" | "body" | "auth" | "rate-limit" | "validation";
}

/** What an observer adds to the exchange it was told: headers of the answer, ids on the request's log entry. */
export interface ExchangeNotes {
  headers?: Record<string, string>;
  findings?: readonly string[];
}

/** Something a test run attaches to the emulator to see every exchange, in the order they end. */
export interface Observer {
  // biome-ignore lint/suspicious/noConfusingVoidType: an observer that adds nothing returns nothing
  exchange(exchange: Exchange): ExchangeNotes | void;
}
