// The `paths` the clients are typed by: each document's, with every error response's content the one
// JSON error body the client returns for it (error-bodies.ts). The documents say that some 404s have an
// HTML body, which openapi-fetch would type as `error: string`, so that `if (error)` could not exclude
// `""` and `data` would stay possibly undefined; the client never returns that text as `error` (it is
// `rawErrorBody(response)`), so its types leave the HTML out. Success responses are the documents' own.
import type { Ads, Auth, TailoredAudiences, Upload } from "@xads/types";

/** A response key of the error answers: 4XX, 5XX and `default`, as openapi-fetch reads them. */
type IsErrorStatus<Status> = Status extends "default"
  ? true
  : `${Status & (string | number)}` extends `4${string}` | `5${string}`
    ? true
    : false;

/** The JSON content of a response's media types (`never` when it has none). */
type JsonOf<Content> = Content[keyof Content & `${string}/json`];

/** The one JSON body of an error response: its own, or `Fallback` when it declares none or leaves it open. */
type ErrorJson<Response, Fallback> = Response extends { content: infer Content }
  ? [JsonOf<Content>] extends [never]
    ? Fallback
    : unknown extends JsonOf<Content>
      ? Fallback
      : JsonOf<Content>
  : Fallback;

/** An error response whose content is only its JSON error body. */
type ClientErrorResponse<Response, Fallback> = {
  [Key in keyof Response | "content"]: Key extends "content"
    ? { "application/json": ErrorJson<Response, Fallback> }
    : Response[Key & keyof Response];
};

/** An operation whose error responses are {@link ClientErrorResponse}s. */
type ClientOperation<Operation, Fallback> = {
  [Key in keyof Operation]: Key extends "responses"
    ? {
        [Status in keyof Operation[Key]]: IsErrorStatus<Status> extends true
          ? ClientErrorResponse<Operation[Key][Status], Fallback>
          : Operation[Key][Status];
      }
    : Operation[Key];
};

/** An HTTP method as openapi-typescript spells it in `paths`. */
type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/**
 * A document's `paths` as the client types them: each error response has one JSON body, the
 * document's own (`Fallback` where the document leaves it open), and no HTML. `Fallback` is the error
 * body form the client makes for that document.
 */
export type ClientPaths<Paths, Fallback> = {
  [Path in keyof Paths]: {
    [Key in keyof Paths[Path]]: Key extends HttpMethod ? ClientOperation<Paths[Path][Key], Fallback> : Paths[Path][Key];
  };
};

/**
 * The error body of the v1.1 upload host as the client returns it. The spec leaves the host's body open
 * (neither the seeds nor the facts document it); answers in the wild are the v1.1 `errors` list, which
 * the client returns as it is, and anything else becomes this form (`code` when the status has a v1.1
 * code, see error-bodies.ts).
 */
export interface UploadV1ErrorBody {
  errors: { code?: number; message: string; [field: string]: unknown }[];
}

/** `Ads.paths` as the ads client types them. */
export type AdsPaths = ClientPaths<Ads.paths, Ads.components["schemas"]["AdsErrorBody"]>;
/** `TailoredAudiences.paths` as the tailored-audiences client types them. */
export type TailoredAudiencesPaths = ClientPaths<
  TailoredAudiences.paths,
  TailoredAudiences.components["schemas"]["AdsErrorBody"]
>;
/** `Auth.paths` as the auth client types them. */
export type AuthPaths = ClientPaths<Auth.paths, Auth.components["schemas"]["AuthErrorBody"]>;
/** `Upload.paths` as the upload client types them (v2 errors are the documents' problem objects). */
export type UploadPaths = ClientPaths<Upload.paths, UploadV1ErrorBody>;
