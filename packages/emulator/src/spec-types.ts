// The shapes of the generated spec data (src/generated/, written by scripts/generate.mjs).

export type SecurityKind = "oauth1" | "bearer" | "basic" | "none";
export type ErrorStyle = "ads" | "auth" | "upload-v1" | "problem";
export type Envelope = "single" | "array" | "list" | "batch" | "other";
export type Action = "list" | "get" | "create" | "update" | "delete" | "batch" | "members" | "custom";

export interface DocumentSpec {
  name: string;
  title: string;
  mockPort: number;
  /** Known API error codes and their status (the ads documents). */
  errorCodes: Record<string, number>;
  /** Every server URL its operations are called on. */
  servers: string[];
  /** The same servers on their former host names (the spec's x-xads-legacy-hosts). */
  legacyServers: string[];
}

export interface ParameterSpec {
  name: string;
  in: "query" | "path";
  /** The JSON type a wire string is read as (`any` when the schema leaves it open). */
  type: string;
  nullable: boolean;
  items?: string;
  default?: unknown;
}

export interface OperationSpec {
  id: string;
  document: string;
  method: string;
  path: string;
  security: SecurityKind;
  securityKinds: SecurityKind[];
  successStatus: number;
  successMediaType: string | null;
  envelope: Envelope;
  errorStyle: ErrorStyle;
  errorStatuses: number[];
  /** The headers the success response declares. */
  headers: string[];
  /** Declared headers with a fixed value (x-current-api-version). */
  fixedHeaders: Record<string, string>;
  parameters: ParameterSpec[];
  bodyMediaType: string | null;
  count: { default: number; min: number; max: number } | null;
  batchItems: number | null;
  resource: { name: string; action: string } | null;
  /**
   * A sandbox-only operation's server URLs, current and former: the production host does not serve
   * it. Null: every server of its document serves it.
   */
  servers: string[] | null;
  /** The success example, answered while the operation has no behaviour of its own. */
  example: unknown;
}

export interface FieldSpec {
  type: string;
  nullable: boolean;
  format?: string;
  default?: unknown;
}

export interface ResourceSpec {
  name: string;
  document: string;
  idParameter: string;
  parent: string | null;
  /** The path parameter naming the parent, when it is not the parent's own id parameter. */
  parentParameter: string | null;
  /** The record field holding its id: `id`, or the one its id parameter names (`media_key`). */
  key: string;
  /** `soft`: a DELETE keeps the record with `deleted: true`; `hard`: the record is gone. */
  delete: "soft" | "hard";
  id: { shape: string; length: number };
  required: string[];
  fields: Record<string, FieldSpec>;
  /** A record the spec shows for a create; the base of new records. */
  template: Record<string, unknown>;
  /** The example records of its get and list operations: the fixture starts with them. */
  seeds: Record<string, unknown>[];
  /** Ids the request examples name that no record example shows. */
  exampleIds: string[];
}
