// The error body a call returns is always the API's own, in the form of the host that answered: an
// HTML 404, a plain-text OAuth error, an empty body or JSON of another form becomes that host's
// error body, made by the client from the status; what the host sent stays readable through
// `rawErrorBody(response)`. The spec, the validator and the emulator keep the HTML where the host
// answers it; only the client's `error` (and `XAdsApiError.errors`) is normalised, so that
// `if (error)` narrows every call (see client-paths.ts for the types). The forms: ads-error-body.ts
// (the ads and tailored-audience documents) and host-error-bodies.ts (the auth and upload hosts), one
// module each so that a bundle keeps only the forms of the clients it makes.

/**
 * An error body form: given an error answer and its body as openapi-fetch read it (the parsed JSON, the
 * text, or undefined when no body was read), the body itself when it has the form, else the body of
 * that form the client makes from the status.
 */
export type ErrorBodyOf = (response: Response, body: unknown) => unknown;

export type Fields = Record<string, unknown>;

export const isRecord = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const isText = (value: unknown): value is string => typeof value === "string";

/** Whether `body.errors` is a list of error objects that `item` accepts. */
export const isErrorList = (body: unknown, item: (error: Fields) => boolean): boolean =>
  isRecord(body) && Array.isArray(body.errors) && body.errors.every((e) => isRecord(e) && item(e));

/** The message of a body the client makes: what came instead of the API's error body. */
export function insteadOf(response: Response, body: unknown): string {
  const what =
    body === undefined || body === ""
      ? "an empty body"
      : isText(body)
        ? response.headers.get("content-type")?.split(";")[0] || "text"
        : "JSON";
  return `${what} instead of the API's error body`;
}

/** The bodies the client replaced, by response: what openapi-fetch read (the text, or parsed JSON). */
const replaced = new WeakMap<Response, unknown>();

/**
 * What the host sent for an error answer whose body the client replaced by the API's error body: the
 * text of a non-JSON body (an HTML 404 page, a plain-text OAuth error; `""` when empty), or the parsed
 * JSON of another form. `undefined` when the call's `error` is the body as the host sent it.
 *
 * ```ts
 * const { error, response } = await ads.GET("/12/accounts/{account_id}", init);
 * if (error) console.log(error.errors[0]?.code, rawErrorBody(response)); // "NOT_FOUND", "<!DOCTYPE html>..."
 * ```
 */
export function rawErrorBody(response: Response): unknown {
  return replaced.get(response);
}

/** An openapi-fetch answer. */
interface Answer {
  error?: unknown;
  response: Response;
}

/**
 * Makes an error answer's `error` the API's error body (in place). An error answer with no body read
 * (a HEAD, or `Content-Length: 0`) gets one too, so that `error` is set for every non-2xx answer.
 */
export function normaliseAnswer<A extends Answer>(errorBodyOf: ErrorBodyOf, answer: A): A {
  const body = answer.error;
  const made = errorBodyOf(answer.response, body);
  if (made !== body) {
    replaced.set(answer.response, body === undefined ? "" : body);
    answer.error = made;
  }
  return answer;
}
