// The request and response types of each operation, from @xads/types, by operationId: what
// `validateRequest` accepts and what a valid `validateResponse` answer holds.

import type { OperationTypes } from "./generated/types.js";

/** Every operationId of the documents. */
export type OperationId = keyof OperationTypes;

type Parameters<O> = O extends { parameters: infer P } ? P : never;
type Location<O, K extends string> = Parameters<O> extends { [L in K]?: infer V } ? Exclude<V, undefined> : never;
type JsonOf<C> = C extends { "application/json": infer T } ? T : C[keyof C];
type BodyOf<O> = O extends { requestBody?: infer B }
  ? Exclude<B, undefined> extends { content: infer C }
    ? JsonOf<C>
    : never
  : never;

/** A request of one operation: typed values, or the wire form (a query string, `URLSearchParams`, body text). */
export interface RequestOf<Id extends OperationId> {
  path?: Location<OperationTypes[Id], "path">;
  query?: Location<OperationTypes[Id], "query"> | URLSearchParams | string;
  /** Declared header parameters are typed; other headers (`authorization`, ...) pass unchecked. */
  headers?:
    | ([Location<OperationTypes[Id], "header">] extends [never]
        ? Record<string, unknown>
        : Partial<Location<OperationTypes[Id], "header">> & Record<string, unknown>)
    | Headers;
  body?: BodyOf<OperationTypes[Id]> | string | URLSearchParams | FormData;
}

/** A location's declared parameters, typed, with any other name sent; any name when none is declared. */
type Validated<O, K extends string> = [Location<O, K>] extends [never]
  ? Record<string, unknown>
  : Location<O, K> & Record<string, unknown>;
/** A required body is there in a valid request; an optional one may be absent. */
type ValidatedBody<O> = O extends { requestBody: { content: infer C } } ? JsonOf<C> : BodyOf<O> | undefined;

/**
 * A valid request of one operation as `validateRequest` answers it: its values typed as the operation
 * declares them (the wire strings coerced, the body parsed), keys as sent, header names in lower case.
 */
export interface CoercedRequestOf<Id extends OperationId> {
  path: Validated<OperationTypes[Id], "path">;
  query: Validated<OperationTypes[Id], "query">;
  headers: Validated<OperationTypes[Id], "header">;
  body: ValidatedBody<OperationTypes[Id]>;
}

type Responses<Id extends OperationId> = OperationTypes[Id] extends { responses: infer R } ? R : never;

/** The statuses an operation documents (`200`, `400`, ..., `"default"`). */
export type StatusOf<Id extends OperationId> = keyof Responses<Id>;

/** The body of one documented response (its JSON media type's schema; `undefined` for an empty response). */
export type ResponseBodyOf<Id extends OperationId, S extends StatusOf<Id>> = Responses<Id>[S] extends {
  content: infer C;
}
  ? JsonOf<C>
  : undefined;
