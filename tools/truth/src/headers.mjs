// Answer headers the drift report leaves out: hop-by-hop and transport headers, the standard ones
// every HTTP answer may carry (caching, security, CDN), the signing proxy's and the emulator's own.
const IGNORED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "content-type",
  "content-disposition",
  "date",
  "server",
  "vary",
  "age",
  "via",
  "etag",
  "expires",
  "last-modified",
  "cache-control",
  "pragma",
  "alt-svc",
  "location",
  "set-cookie",
  "strict-transport-security",
  "content-security-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-frame-options",
  "x-xss-protection",
  "x-powered-by",
  "x-response-time",
  "x-served-by",
  "x-cache",
  "x-connection-hash",
  "x-transaction-id",
  "x-tsa-request-body-time",
  "perf",
  "origin-trial",
]);
const IGNORED_PREFIXES = ["access-control-", "cf-", "x-xads-proxy-", "x-xads-emulator-", "report-to", "nel"];

/** @param {string} name */
export const isIgnoredHeader = (name) => {
  const lower = name.toLowerCase();
  return IGNORED.has(lower) || IGNORED_PREFIXES.some((prefix) => lower.startsWith(prefix));
};
