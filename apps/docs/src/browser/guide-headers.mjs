// Request headers as a guide shows them: the Authorization header cut to its scheme (and, for OAuth
// 1.0a, the consumer key), and a token named to sign with cut short, so no signature or token is
// shown in full.

const TOKEN_HEADER = "x-xads-sign-token";

/** @param {string} value an Authorization header */
export function shortAuthorization(value) {
  const [scheme = ""] = value.trim().split(/\s+/, 1);
  if (scheme.toLowerCase() !== "oauth") return `${scheme} …`;
  const key = /oauth_consumer_key="([^"]*)"/.exec(value)?.[1];
  return key === undefined ? `${scheme} …` : `${scheme} oauth_consumer_key="${key}", …`;
}

/** @param {string} token */
const shortToken = (token) => (token.length > 8 ? `${token.slice(0, 4)}…` : "…");

/**
 * @param {Record<string, string>} headers
 * @returns {[string, string][]}
 */
export function shownHeaders(headers) {
  return Object.entries(headers).map(([name, value]) => {
    const lower = name.toLowerCase();
    if (lower === "authorization") return [name, shortAuthorization(value)];
    if (lower === TOKEN_HEADER) return [name, shortToken(value)];
    return [name, value];
  });
}
