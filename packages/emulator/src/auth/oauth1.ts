// OAuth 1.0a HMAC-SHA1 (RFC 5849): the Authorization header's parameters, the signature base string
// and the signature, with node:crypto.
import { createHmac } from "node:crypto";

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - . _ ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

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

/** Form-decoding as RFC 5849 3.4.1.3.1 reads it: `+` is a space. */
export function formPairs(text: string): Array<[string, string]> {
  if (text === "") return [];
  return text.split("&").map((pair) => {
    const at = pair.indexOf("=");
    const [key, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    return [percentDecode(key.replace(/\+/g, " ")), percentDecode(value.replace(/\+/g, " "))];
  });
}

/**
 * The signature base string: METHOD&enc(base URL)&enc(sorted, encoded query + form + oauth_* params),
 * the signature (and realm) left out.
 */
export function signatureBaseString(method: string, url: string, oauth: Record<string, string>, formBody = ""): string {
  const parsed = new URL(url);
  const pairs: Array<[string, string]> = [
    ...formPairs(parsed.search.replace(/^\?/, "")),
    ...formPairs(formBody),
    ...Object.entries(oauth).filter(([key]) => key !== "oauth_signature" && key !== "realm"),
  ];
  const encoded = pairs
    .map(([key, value]) => [percentEncode(key), percentEncode(value)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  return [method.toUpperCase(), percentEncode(baseUrl(parsed)), percentEncode(encoded)].join("&");
}

export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ""): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac("sha1", key).update(baseString).digest("base64");
}
