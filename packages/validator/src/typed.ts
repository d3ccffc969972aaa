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

type Responses<Id extends OperationId> = OperationTypes[Id] extends { responses: infer R } ? R : never;

/** The statuses an operation documents (`200`, `400`, ..., `"default"`). */
export type StatusOf<Id extends OperationId> = keyof Responses<Id>;

/** The body of one documented response (its JSON media type's schema; `undefined` for an empty response). */
export type ResponseBodyOf<Id extends OperationId, S extends StatusOf<Id>> = Responses<Id>[S] extends {
  content: infer C;
}
  ? JsonOf<C>
  : undefined;
