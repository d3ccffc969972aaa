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
