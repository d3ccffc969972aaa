// Which media type of a request body counts, when an operation offers several: JSON, then a form,
// then multipart, then the first one listed.
export const REQUEST_MEDIA_ORDER = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The media type that counts among `types`, or undefined when there are none.
 * @param {string[]} types
 * @returns {string | undefined}
 */
export function pickRequestMediaType(types) {
  return REQUEST_MEDIA_ORDER.find((type) => types.includes(type)) ?? types[0];
}

/**
 * The media type whose schema a response's body (or a parameter's `content`) is read by, among `types`:
 * JSON, a form, multipart, another JSON type (`application/problem+json`), then the first listed;
 * undefined when there are none.
 * @param {string[]} types
 * @returns {string | undefined}
 */
export function pickResponseMediaType(types) {
  return (
    REQUEST_MEDIA_ORDER.find((type) => types.includes(type)) ?? types.find((type) => type.includes("json")) ?? types[0]
  );
}

/**
 * Whether a JSON answer may also come as a page: a `text/*` type beside it (the API's 404 may be an HTML
 * page instead of its JSON error).
 * @param {string[]} types
 */
export function mayAnswerText(types) {
  return Boolean(pickResponseMediaType(types)?.includes("json")) && types.some((type) => type.startsWith("text/"));
}
