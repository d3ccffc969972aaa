// Shapes shared by the generated modules and the runtime.

import type { RuleKind } from "./rules/rule.js";
import type { SchemaFunction } from "./schema-runtime.js";

/** One error, in the API's own error shape. */
export interface ValidationError {
  code: string;
  /** The parameter (query, path, header or form field name), or a body path such as `body[0].params.name`. */
  parameter: string;
  message: string;
  /**
   * When the request body is a JSON array (a batch): the index of the item the error is about
   * (`3` for `body[3].params.name`). Absent for any other error.
   */
  item?: number;
  /**
   * With `item`: the place within the item, as the API names a batch item's parameters, without the
   * `params` object holding them (`name` for `body[3].params.name`, `operation_type` for
   * `body[3].operation_type`). Absent when the error is about the item itself (`body[3]`).
   */
  field?: string;
}

/**
 * A request as validated: each location's values as their schemas type them (what the coercion made
 * of the wire strings: numbers, booleans, arrays of comma-separated lists, typed form fields), keys as
 * sent, and the body parsed.
 */
export interface CoercedRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** Header names in lower case. */
  headers: Record<string, unknown>;
  /** A JSON body parsed, a form body as its typed fields, any other as given; undefined when none was sent. */
  body: unknown;
}

/** A request's validation: when valid, the request as validated (`Request`: typed by the operation). */
export type ValidationResult<Request = CoercedRequest> =
  | { valid: true; request: Request }
  | { valid: false; errors: ValidationError[] };

/**
 * A response's validation: when valid, the body (parsed, when it was given as JSON text), and the
 * warnings of a tolerant check (an enum value or a length the documents do not know yet).
 */
export type ResponseValidation<Body = unknown> =
  | { valid: true; body: Body; warnings?: ValidationError[] }
  | { valid: false; errors: ValidationError[] };

export interface ResponseOptions {
  /** The most errors listed (100 by default). */
  maxErrors?: number;
  /**
   * Fail on every breach. By default a response that breaks only an enum (a value the API added) or a
   * length or item-count bound is valid, the breaches listed as `warnings`.
   */
  strict?: boolean;
}

/** A request as a client sends it: typed values or raw wire strings. */
export interface RequestInput {
  path?: Record<string, unknown>;
  /** An object of values, a URLSearchParams, or a query string (`?` optional). */
  query?: Record<string, unknown> | URLSearchParams | string;
  /** An object (any case) or a Headers instance. */
  headers?: Record<string, unknown> | Headers;
  /** A value, a JSON text, a form string or URLSearchParams (form bodies), or FormData. */
  body?: unknown;
}

export interface ValidateOptions {
  /** The clock for rules relative to now (`max-ahead`, `time-window` with `endDefaultsToNow`). */
  now?: Date;
  /** The most errors listed (100 by default); more are counted in one last error. */
  maxErrors?: number;
  /**
   * Told each x-rule's outcome, once per rule per scope it is checked in (once, or once per item of a
   * batch it is read in): `held` when the rule had something to test and passed, `broken` when it added
   * an error. A rule with nothing to test (a conditional whose `if` is not met, an absent value) is not
   * told, and neither is any rule when the schema errors pass `maxErrors` (the x-rules are not checked).
   */
  onRule?: (outcome: RuleOutcome) => void;
}

/** An x-rule's outcome in one scope of a request (`ValidateOptions.onRule`). */
export interface RuleOutcome {
  id: string;
  kind: RuleKind;
  outcome: "held" | "broken";
}

/** How a raw string is turned into a typed value, derived from a schema by the generator. */
export interface CoercionPlan {
  /** JSON types the schema allows; empty when it allows any. */
  types: string[];
  items?: CoercionPlan;
  properties?: Record<string, CoercionPlan>;
  /** The schema accepts the empty value (a clearable update parameter): `""` stays `""`. */
  empty?: boolean;
}

export interface ParameterDescriptor {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  /** Arrays in one value separated by commas (style form, explode false) rather than repeated. */
  commaSeparated: boolean;
  plan: CoercionPlan;
}

export interface BodyDescriptor {
  mediaType: string;
  required: boolean;
  plan: CoercionPlan;
  /** The body's fields may also travel in the query string (`x-xads-fields-in-query`): read as one set. */
  fieldsInQuery?: boolean;
}

export interface ResponseDescriptor {
  mediaType: string | undefined;
  /** The response may also come as text (`text/html`): a body that is not JSON is accepted as such. */
  text?: boolean;
  validate: SchemaFunction | undefined;
}
