// The error body forms of the auth host, the v1.1 upload host (numeric codes, facts file "Auth host
// errors") and the v2 media endpoints (problem objects).
import { type ErrorBodyOf, insteadOf, isErrorList, isRecord, isText } from "./error-bodies.js";

/**
 * The numeric code that names a status in general, for a body the client makes: 34 for 404 ("Sorry,
 * that page does not exist" on the provider's list of v1.1 codes) and 88 for 429 (facts file, "Auth
 * host errors"). No code is documented for another status without the host's body, so the client's
 * choice there is `0` on the auth host (whose body requires a code) and no code on the upload host
 * (whose body the spec leaves open).
 */
const CODES: Readonly<Record<number, number>> = { 404: 34, 429: 88 };

/**
 * The message of a body the client makes: the host's words when it said something in words (a
 * plain-text body, as the OAuth endpoints answer their errors; the `error` or `message` text of JSON of
 * another form, such as the v1.1 upload host's `{"error": "..."}`), at most 500 characters; else what
 * came instead of the API's error body.
 */
function messageOf(response: Response, body: unknown): string {
  // Markup under a text/plain label (or none: a Response's default) is a page, not words.
  const words = isText(body)
    ? response.headers.get("content-type")?.toLowerCase().startsWith("text/plain") && !/^\s*</.test(body) && body
    : isRecord(body) && (body.error ?? body.message);
  const said = isText(words) ? words.trim() : "";
  if (!said) return insteadOf(response, body);
  return said.length > 500 ? `${said.slice(0, 500)}...` : said;
}

const numericBody =
  (codeless: boolean): ErrorBodyOf =>
  (response, body) => {
    if (
      isErrorList(body, (e) => (typeof e.code === "number" || (codeless && e.code === undefined)) && isText(e.message))
    )
      return body;
    const code = CODES[response.status] ?? (codeless ? undefined : 0);
    const message = messageOf(response, body);
    return { errors: [code === undefined ? { message } : { code, message }] };
  };

/** The auth host's `{errors: [{code: 89, message}]}`. */
export const authErrorBody: ErrorBodyOf = numericBody(false);

/** The v1.1 upload host's `errors` list (`code` where the status has one). */
export const uploadV1ErrorBody: ErrorBodyOf = numericBody(true);

/** The v2 media endpoints' problem object `{title, detail, type, status}`. */
export const problemErrorBody: ErrorBodyOf = (response, body) =>
  isRecord(body) && isText(body.title) && isText(body.detail) && isText(body.type)
    ? body
    : {
        title: response.statusText || `HTTP ${response.status}`,
        detail: messageOf(response, body),
        type: "about:blank",
        status: response.status,
      };
