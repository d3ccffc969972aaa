// The type of a client made with `throwOnError: true`: a non-2xx answer rejects with XAdsApiError (the
// middleware of create-client.ts), so every call resolves to openapi-fetch's success branch only.
// Built from openapi-fetch's own exported types, with the same type parameters as its `ClientMethod`,
// so that paths, `params`, `body` and `parseAs` type-check exactly as on the plain client.
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { XAdsClient } from "./create-client.js";

/** An HTTP method as the documents spell it (openapi-typescript-helpers' `HttpMethod`), from the client's. */
type HttpMethod = Lowercase<Exclude<keyof Client<object>, "request" | "use" | "eject">>;

/** A media type, as openapi-fetch types the response body it reads. */
type MediaType = `${string}/${string}`;

/** The `init` of `Method` on `Path`, as openapi-fetch takes it. */
type MethodInit<Paths extends {}, Path extends keyof Paths, Method extends HttpMethod> = MaybeOptionalInit<
  Paths[Path],
  Method & keyof Paths[Path]
>;

/**
 * The rest parameter of a call: optional exactly when openapi-fetch's `MaybeOptionalInit` admits
 * `undefined` (no required `params` or `body`), as on the plain client.
 */
type InitArgs<Init, Declared> = undefined extends Declared ? [init?: Init] : [init: Init];

/** What openapi-fetch resolves a call to: `{ data, error, response }` for `Method` on `Path`. */
type PathResponse<Paths extends {}, Path extends keyof Paths, Method extends HttpMethod, Init> = FetchResponse<
  Paths[Path][Method & keyof Paths[Path]] & Record<string | number, unknown>,
  Init,
  MediaType
>;

/**
 * What a call of a throwing client resolves to: openapi-fetch's success branch, with `data` the
 * success body (not `| undefined`) and no `error`.
 */
export interface ThrowingResponse<Data> {
  data: Data;
  error?: never;
  response: Response;
}

/** `ThrowingResponse` of openapi-fetch's answer `R` (its `data`, without the error branch's `undefined`). */
type Thrown<R extends { data?: unknown }> = ThrowingResponse<NonNullable<R["data"]>>;

/** A path call (`GET`, `POST`, ...) of a throwing client: openapi-fetch's `ClientMethod`, success only. */
export type ThrowingClientMethod<Paths extends {}, Method extends HttpMethod> = <
  Path extends ClientPathsWithMethod<Client<Paths>, Method>,
  Init extends MethodInit<Paths, Path, Method>,
>(
  url: Path,
  ...init: InitArgs<Init, MethodInit<Paths, Path, Method>>
) => Promise<Thrown<PathResponse<Paths, Path, Method, Init>>>;

/** `request(method, url, init)` of a throwing client: openapi-fetch's `ClientRequestMethod`, success only. */
export type ThrowingClientRequestMethod<Paths extends {}> = <
  Method extends HttpMethod,
  Path extends ClientPathsWithMethod<Client<Paths>, Method>,
  Init extends MethodInit<Paths, Path, Method>,
>(
  method: Method,
  url: Path,
  ...init: InitArgs<Init, MethodInit<Paths, Path, Method>>
) => Promise<Thrown<PathResponse<Paths, Path, Method, Init>>>;

/**
 * A client made with `throwOnError: true`: an {@link XAdsClient} whose calls resolve to
 * `{ data, response }` with `data` the success body (non-2xx answers reject with `XAdsApiError`).
 * Each call is the throwing signature first (what a call resolves to), then openapi-fetch's own, so
 * the client is still an `XAdsClient` (for `paginate`, `sendBatch`, `call`, ...).
 */
export interface ThrowingClient<Paths extends {}> extends XAdsClient<Paths> {
  /** Call any method: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  request: ThrowingClientRequestMethod<Paths> & Client<Paths>["request"];
  /** Call a GET endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  GET: ThrowingClientMethod<Paths, "get"> & Client<Paths>["GET"];
  /** Call a PUT endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  PUT: ThrowingClientMethod<Paths, "put"> & Client<Paths>["PUT"];
  /** Call a POST endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  POST: ThrowingClientMethod<Paths, "post"> & Client<Paths>["POST"];
  /** Call a DELETE endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  DELETE: ThrowingClientMethod<Paths, "delete"> & Client<Paths>["DELETE"];
  /** Call an OPTIONS endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  OPTIONS: ThrowingClientMethod<Paths, "options"> & Client<Paths>["OPTIONS"];
  /** Call a HEAD endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  HEAD: ThrowingClientMethod<Paths, "head"> & Client<Paths>["HEAD"];
  /** Call a PATCH endpoint: resolves to `{ data, response }`, rejects with `XAdsApiError` on non-2xx. */
  PATCH: ThrowingClientMethod<Paths, "patch"> & Client<Paths>["PATCH"];
  /**
   * openapi-fetch's own, left as it is: no document has a TRACE operation (so it takes no path), and
   * this one plain `ClientMethod<Paths>` is what lets `paginate`, `call`, ... infer `Paths` from the
   * client (TypeScript infers a client's `Paths` only from a member typed by openapi-fetch's alias).
   */
  TRACE: Client<Paths>["TRACE"];
}

/**
 * The client a factory returns for its `throwOnError` option: `Throwing` when it is a literal `true`,
 * `Plain` otherwise (absent, `false`, or a `boolean` only known at run time).
 */
export type ClientFor<ThrowOnError extends boolean, Plain, Throwing> = [ThrowOnError] extends [true] ? Throwing : Plain;
