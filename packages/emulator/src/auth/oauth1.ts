// OAuth 1.0a HMAC-SHA1 (RFC 5849): the Authorization header's parameters, the signature base string
// and the signature (with @xads/oauth1, which needs no Node built-in).
import { hmacSha1Base64, percentEncode } from "@xads/oauth1";

export { percentEncode };

function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The parameters of `OAuth k="v", ...`, decoded; undefined when the header is not of that scheme. */
export function parseAuthorization(header: string | null): Record<string, string> | undefined {
  if (!header || !/^OAuth\s/i.test(header)) return undefined;
  const params: Record<string, string> = {};
  for (const match of header.slice(6).matchAll(/([A-Za-z0-9_.~%-]+)\s*=\s*"([^"]*)"/g)) {
    const [, key = "", value = ""] = match;
    params[percentDecode(key)] = percentDecode(value);
  }
  return params;
}

/** Scheme, lower-case host, the port only when it is not the scheme's default, and the path. */
export function baseUrl(url: URL): string {
  const defaultPort =
    (url.protocol === "http:" && url.port === "80") || (url.protocol === "https:" && url.port === "443");
  const host = url.hostname.toLowerCase() + (url.port && !defaultPort ? `:${url.port}` : "");
  return `${url.protocol.toLowerCase()}//${host}${url.pathname}`;
}

/**
 * Form-decoding as RFC 5849 3.4.1.3.1 reads it: `+` is a space (`plusIsSpace` false reads it as a
 * plus sign, as a client that only percent-decodes does).
 */
export function formPairs(text: string, plusIsSpace = true): Array<[string, string]> {
  if (text === "") return [];
  const decode = (part: string) => percentDecode(plusIsSpace ? part.replace(/\+/g, " ") : part);
  return text.split("&").map((pair) => {
    const at = pair.indexOf("=");
    const [key, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    return [decode(key), decode(value)];
  });
}

/** A decoded parameter name and value. */
export type Pair = readonly [string, string];

/** The header's parameters that are signed: all but the signature (and realm). */
export function oauthPairs(oauth: Record<string, string>): Pair[] {
  return Object.entries(oauth).filter(([key]) => key !== "oauth_signature" && key !== "realm");
}

/** Encoded pairs sorted by name, then value, and `&`-joined (RFC 5849 section 3.4.1.3.2). */
export function joinEncoded(encoded: readonly Pair[]): string {
  return [...encoded]
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

/** Names and values percent-encoded (`encode`: RFC 3986 unless a caller imitates a client's encoding). */
export function encodePairs(pairs: readonly Pair[], encode: (text: string) => string = percentEncode): Pair[] {
  return pairs.map(([key, value]) => [encode(key), encode(value)]);
}

/** The normalized parameter string of decoded pairs. */
export function parameterString(pairs: readonly Pair[]): string {
  return joinEncoded(encodePairs(pairs));
}

/** METHOD&enc(base URL)&enc(parameter string), the base URL as given (see `baseUrl`). */
export function baseStringOf(method: string, base: string, parameters: string): string {
  return [method.toUpperCase(), percentEncode(base), percentEncode(parameters)].join("&");
}

/**
 * The signature base string: METHOD&enc(base URL)&enc(sorted, encoded query + form + oauth_* params),
 * the signature (and realm) left out.
 */
export function signatureBaseString(method: string, url: string, oauth: Record<string, string>, formBody = ""): string {
  const parsed = new URL(url);
  const pairs = [...formPairs(parsed.search.replace(/^\?/, "")), ...formPairs(formBody), ...oauthPairs(oauth)];
  return baseStringOf(method, baseUrl(parsed), parameterString(pairs));
}

export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ""): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return hmacSha1Base64(key, baseString);
}
