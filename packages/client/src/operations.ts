// Named operations: one generated constant per operationId (src/generated/operations/, from the spec
// model by scripts/generate-operations.mjs) and `call`, which sends one through a client exactly as
// the path call would. Its own entry point (@xads/client/operations), so the core bundle is unchanged;
// each constant is a plain `export const`, so a bundle keeps only the operations it names.
import type { Client, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { AdsPaths, AuthPaths, TailoredAudiencesPaths, UploadPaths } from "./client-paths.js";

export * from "./generated/operations/index.js";

/** The `paths` of each document that has operations, as its client types them. */
interface DocumentPaths {
  auth: AuthPaths;
  ads: AdsPaths;
  "tailored-audiences": TailoredAudiencesPaths;
  upload: UploadPaths;
}

/** The documents that have operations. */
export type DocumentName = keyof DocumentPaths;

/** The document whose `paths` a client is typed by (every document, for a client of other paths). */
type DocumentOf<Paths> = {
  [D in DocumentName]: [Paths] extends [DocumentPaths[D]] ? ([DocumentPaths[D]] extends [Paths] ? D : never) : never;
}[DocumentName] extends infer D
  ? [D] extends [never]
    ? DocumentName
    : D
  : never;

/** An HTTP method as the documents (and openapi-typescript's `paths`) spell it. */
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** A media type, as openapi-fetch types the response body it reads. */
type MediaType = `${string}/${string}`;

/** A named operation: what `call` needs to send it. The generated constants are these, `as const`. */
export interface NamedOperation<Method extends HttpMethod = HttpMethod, Path extends string = string> {
  /** The operationId. */
  readonly id: string;
  /** The document that declares it (the client to call it with: `createAdsClient` for `ads`, ...). */
  readonly document: DocumentName;
  /** Lower case, as in the document. */
  readonly method: Method;
  /** The path template, as the path call takes it. */
  readonly path: Path;
}

/** The paths of `Paths` that have `Method` (openapi-typescript-helpers' `PathsWithMethod`). */
type PathsWithMethod<Paths, Method extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in Method]: unknown } ? P : never;
}[keyof Paths];

// openapi-fetch's own (unexported) helpers, the same so that `init` is required exactly when the path
// call's is.
type RequiredKeysOfHelper<T> = { [K in keyof T]: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
type RequiredKeysOf<T> = RequiredKeysOfHelper<T> extends undefined ? never : RequiredKeysOfHelper<T>;
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The `init` of an operation on a client of `Paths`: `params`, `body` and the per-call options. */
export type OperationInit<Paths, Op extends NamedOperation> =
  Op extends NamedOperation<infer M, infer P>
    ? P extends keyof Paths
      ? MaybeOptionalInit<Paths[P], M & keyof Paths[P]>
      : never
    : never;

/** What `call` resolves to for an operation and its `init`: the path call's `{ data, error, response }`. */
export type OperationResult<Paths, Op extends NamedOperation, Init = OperationInit<Paths, Op>> =
  Op extends NamedOperation<infer M, infer P>
    ? P extends keyof Paths
      ? FetchResponse<Paths[P][M & keyof Paths[P]] & Record<string | number, unknown>, Init, MediaType>
      : never
    : never;

/**
 * Sends a named operation through a client: `call(ads, listCampaigns, init)` is
 * `ads.GET("/12/accounts/{account_id}/campaigns", init)`, with the same `init` (`params`, `body`,
 * per-call options) and the same `{ data, error, response }`. The operation must be one of the
 * client's document (an `auth` operation with the ads client does not type-check).
 *
 * ```ts
 * import { createAdsClient } from "@xads/client";
 * import { call, listCampaigns } from "@xads/client/operations";
 *
 * const ads = createAdsClient({ bearer: token });
 * const { data, error } = await call(ads, listCampaigns, {
 *   params: { path: { account_id: "18ce54d4x5t" }, query: { count: 10 } },
 * });
 * ```
 */
export function call<
  Paths extends {},
  Method extends HttpMethod,
  Path extends PathsWithMethod<Paths, Method>,
  Init extends MaybeOptionalInit<Paths[Path], Method & keyof Paths[Path]>,
>(
  client: Client<Paths>,
  operation: NamedOperation<Method, Path & string> & { readonly document: DocumentOf<Paths> },
  ...init: InitParam<Init>
): Promise<FetchResponse<Paths[Path][Method & keyof Paths[Path]] & Record<string | number, unknown>, Init, MediaType>> {
  const send = (client as unknown as Record<string, (path: string, ...init: unknown[]) => Promise<unknown>>)[
    operation.method.toUpperCase()
  ];
  if (typeof send !== "function") throw new TypeError(`call: the client has no ${operation.method} method`);
  return send.call(client, operation.path, ...init) as never;
}
