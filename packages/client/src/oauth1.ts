import { hmacSha1Base64 } from "./hmac-sha1.js";
import { parseFormPairs, percentEncode } from "./percent-encode.js";

/** A form value: scalars are sent as text; arrays send the parameter once per item; null and undefined are left out. */
export type FormValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The input of {@link signOAuth1}. */
export interface SignOAuth1Input {
  /** HTTP method, any case. */
  method: string;
  /** Absolute URL, with its query string. */
  url: string;
  /** The `application/x-www-form-urlencoded` body: a record, or the raw encoded string. JSON bodies are never signed. */
  form?: Readonly<Record<string, FormValue>> | string;
  consumerKey: string;
  consumerSecret: string;
  /** The access token (or request token); omitted on the request-token step. */
  token?: string;
  tokenSecret?: string;
  /** `oauth_callback` for the request-token step (a URL or `oob`). */
  callback?: string;
  /** `oauth_verifier` for the access-token step. */
  verifier?: string;
  /** ASCII only; default: 32 random letters and digits. */
  nonce?: string;
  /** Unix epoch seconds; default: now. */
  timestamp?: number | string;
  /** `oauth_version`; default `"1.0"`; `false` leaves the parameter out. */
  version?: string | false;
}

/** The result of {@link signOAuth1}. */
export interface SignedOAuth1 {
  /** The base64 HMAC-SHA1 signature (not percent-encoded). */
  signature: string;
  /** The signature base string of RFC 5849 section 3.4.1. */
  baseString: string;
  /** The value for the `Authorization` header: `OAuth oauth_consumer_key="...", ...`. */
  authorization: string;
}

const NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const nonceBytes = new Uint8Array(32 * 64);
let nonceOffset = nonceBytes.length;

/** 32 random ASCII letters and digits from the Web Crypto random source. */
export function randomNonce(): string {
  if (nonceOffset + 32 > nonceBytes.length) {
    crypto.getRandomValues(nonceBytes);
    nonceOffset = 0;
  }
  let nonce = "";
  // 62 letters and digits: the modulo bias is irrelevant for a nonce, which needs uniqueness, not uniformity.
  for (let i = 0; i < 32; i++) nonce += NONCE_ALPHABET[nonceBytes[nonceOffset + i] % 62];
  nonceOffset += 32;
  return nonce;
}

const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^/?#]*)([^?#]*)(?:\?([^#]*))?/;

/** Splits an absolute URL into the base string URI of RFC 5849 section 3.4.1.2 and its raw query. */
function splitUrl(url: string): { baseUri: string; query: string } {
  const match = URL_PARTS.exec(url);
  if (!match) throw new TypeError(`signOAuth1: url must be an absolute http(s) URL (got ${JSON.stringify(url)})`);
  const scheme = match[1].toLowerCase();
  let host = match[2].toLowerCase();
  if ((scheme === "http" && host.endsWith(":80")) || (scheme === "https" && host.endsWith(":443"))) {
    host = host.slice(0, host.lastIndexOf(":"));
  }
  return { baseUri: `${scheme}://${host}${match[3] || "/"}`, query: match[4] ?? "" };
}

function requireText(name: keyof SignOAuth1Input, value: unknown): string {
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`signOAuth1: ${name} must be a non-empty string`);
  }
  return value;
}

function pushForm(form: SignOAuth1Input["form"], pairs: [string, string][]): void {
  if (form === undefined) return;
  if (typeof form === "string") {
    parseFormPairs(form, pairs);
    return;
  }
  for (const name in form) {
    const value = form[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)]);
    else pairs.push([name, String(value)]);
  }
}

/** Percent-encodes an already encoded piece once more: only "%" needs it. */
function twice(encoded: string): string {
  return encoded.indexOf("%") === -1 ? encoded : encoded.replace(/%/g, "%25");
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Signs a request with OAuth 1.0a HMAC-SHA1 (RFC 5849): the query, the form body and the `oauth_*`
 * parameters enter the base string; JSON bodies never do. Synchronous; no platform APIs besides
 * `crypto.getRandomValues` for the default nonce.
 */
export function signOAuth1(input: SignOAuth1Input): SignedOAuth1 {
  const method = requireText("method", input.method).toUpperCase();
  const consumerKey = requireText("consumerKey", input.consumerKey);
  if (typeof input.consumerSecret !== "string") throw new TypeError("signOAuth1: consumerSecret must be a string");
  const nonce = input.nonce ?? randomNonce();
  if (nonce === "" || !/^[\x21-\x7e]+$/.test(nonce)) {
    throw new TypeError(
      "signOAuth1: nonce must be non-empty printable ASCII (the API accepts only ASCII for oauth_nonce)",
    );
  }
  const timestamp = String(input.timestamp ?? Math.floor(Date.now() / 1000));
  if (!/^\d+$/.test(timestamp)) throw new TypeError("signOAuth1: timestamp must be whole Unix epoch seconds");
  const { baseUri, query } = splitUrl(requireText("url", input.url));

  const oauth: [string, string][] = [];
  if (input.callback !== undefined) oauth.push(["oauth_callback", input.callback]);
  oauth.push(["oauth_consumer_key", consumerKey]);
  oauth.push(["oauth_nonce", nonce]);
  oauth.push(["oauth_signature_method", "HMAC-SHA1"]);
  oauth.push(["oauth_timestamp", timestamp]);
  if (input.token !== undefined && input.token !== "") oauth.push(["oauth_token", input.token]);
  if (input.verifier !== undefined) oauth.push(["oauth_verifier", input.verifier]);
  const version = input.version === undefined ? "1.0" : input.version;
  if (version !== false) oauth.push(["oauth_version", version]);

  const pairs: [string, string][] = [];
  parseFormPairs(query, pairs);
  pushForm(input.form, pairs);
  // Each parameter as "name\x01value", percent-encoded and then encoded once more for the base string
  // (the pieces hold only unreserved characters and %XX, so that only turns "%" into "%25"; doing it
  // per piece keeps the order, because the image of "%" starts with "%"). "\x01" sorts below every
  // character an encoded name can hold, so a string sort orders by name, then by value (RFC 5849
  // section 3.4.1.3.2).
  const entries: string[] = [];
  for (let i = 0; i < pairs.length; i++) {
    entries.push(`${twice(percentEncode(pairs[i][0]))}\x01${twice(percentEncode(pairs[i][1]))}`);
  }
  const encodedOauth: string[] = [];
  for (let i = 0; i < oauth.length; i++) {
    const encoded = percentEncode(oauth[i][1]);
    encodedOauth.push(encoded);
    entries.push(`${oauth[i][0]}\x01${twice(encoded)}`);
  }
  entries.sort(byCodeUnits);
  const encodedParams = entries.join("%26").replaceAll("\x01", "%3D");

  const baseString = `${method}&${percentEncode(baseUri)}&${encodedParams}`;
  const key = `${percentEncode(input.consumerSecret)}&${percentEncode(input.tokenSecret ?? "")}`;
  const signature = hmacSha1Base64(key, baseString);

  // `oauth` is in ascending name order already; the signature slots in after oauth_nonce.
  let authorization = "OAuth ";
  for (let i = 0; i < oauth.length; i++) {
    const name = oauth[i][0];
    if (name === "oauth_signature_method") authorization += `oauth_signature="${percentEncode(signature)}", `;
    authorization += `${name}="${encodedOauth[i]}"${i === oauth.length - 1 ? "" : ", "}`;
  }
  return { signature, baseString, authorization };
}
