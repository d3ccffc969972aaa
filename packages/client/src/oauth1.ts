import { hmacSha1Base64, parseFormPairs, percentEncode, percentEncodeTwice } from "@xads/oauth1";
import { boundedCache } from "./bounded-cache.js";

/** A form value: scalars are sent as text; arrays send the parameter once per item; null and undefined are left out. */
export type FormValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** OAuth 1.0a user-context (or application) credentials. */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

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
const NONCE_LENGTH = 32;
const randomBytes = new Uint8Array(NONCE_LENGTH * 512);
let randomOffset = randomBytes.length;
const nonceCodes = new Array<number>(NONCE_LENGTH);

/** 32 random ASCII letters and digits from the Web Crypto random source. */
export function randomNonce(): string {
  if (randomOffset + NONCE_LENGTH > randomBytes.length) {
    crypto.getRandomValues(randomBytes);
    randomOffset = 0;
  }
  // 62 letters and digits: the modulo bias is irrelevant for a nonce, which needs uniqueness, not uniformity.
  for (let i = 0; i < NONCE_LENGTH; i++) {
    nonceCodes[i] = NONCE_ALPHABET.charCodeAt((randomBytes[randomOffset + i] as number) % 62);
  }
  randomOffset += NONCE_LENGTH;
  return String.fromCharCode(...nonceCodes);
}

const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^/?#]*)([^?#]*)/;

/** The base string URI of RFC 5849 section 3.4.1.2 of a URL without its query, percent-encoded. */
function encodeBaseUri(resource: string): string {
  const match = URL_PARTS.exec(resource);
  if (!match) {
    throw new TypeError(`signOAuth1: url must be an absolute http(s) URL (got ${JSON.stringify(resource)})`);
  }
  const scheme = (match[1] as string).toLowerCase();
  let host = (match[2] as string).toLowerCase();
  if ((scheme === "http" && host.endsWith(":80")) || (scheme === "https" && host.endsWith(":443"))) {
    host = host.slice(0, host.lastIndexOf(":"));
  }
  return percentEncode(`${scheme}://${host}${match[3] || "/"}`);
}

/** Each resource's encoded base string URI, made once (a valid resource stays valid whatever query follows). */
const encodedBaseUri = boundedCache(256, encodeBaseUri);

/** The percent-encoded base string URI of a URL and its raw query. */
function encodedUriAndQuery(url: string): { encodedUri: string; query: string } {
  const end = url.search(/[?#]/);
  if (end === -1) return { encodedUri: encodedBaseUri(url), query: "" };
  const encodedUri = encodedBaseUri(url.slice(0, end));
  if (url[end] === "#") return { encodedUri, query: "" };
  const hash = url.indexOf("#", end);
  return { encodedUri, query: url.slice(end + 1, hash === -1 ? undefined : hash) };
}

function requireText(name: keyof SignOAuth1Input, value: unknown): string {
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`signOAuth1: ${name} must be a non-empty string`);
  }
  return value;
}

function timestampText(value: number | string | undefined): string {
  if (value === undefined) return String(Math.floor(Date.now() / 1000));
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new TypeError("signOAuth1: timestamp must be whole Unix epoch seconds");
  return text;
}

/**
 * One parameter as the base string holds it: name and value percent-encoded twice (once as RFC 5849
 * section 3.4.1.3.2 says, once more for the base string), joined by "\x01". That byte sorts below every
 * character an encoded name can hold, so a plain string sort orders by name, then by value; it becomes
 * "%3D" once sorted.
 */
function entry(name: string, value: string): string {
  return `${percentEncodeTwice(name)}\x01${percentEncodeTwice(value)}`;
}

/** An {@link entry} as the base string holds it. */
const baseText = (entry: string) => entry.replace("\x01", "%3D");

/** Pushes the entries of a raw `&`-joined query or form string. */
function pushEncoded(text: string, entries: string[]): void {
  for (const [name, value] of parseFormPairs(text)) entries.push(entry(name, value));
}

function pushForm(form: SignOAuth1Input["form"], entries: string[]): void {
  if (form === undefined) return;
  if (typeof form === "string") {
    pushEncoded(form, entries);
    return;
  }
  for (const name in form) {
    const value = form[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) entries.push(entry(name, String(item)));
    else entries.push(entry(name, String(value)));
  }
}

/**
 * Signs a request with OAuth 1.0a HMAC-SHA1 (RFC 5849): the query, the form body and the `oauth_*`
 * parameters enter the base string; JSON bodies never do. Synchronous; no platform APIs besides
 * `crypto.getRandomValues` for the default nonce. To sign many requests with the same credentials,
 * {@link createOAuth1Signer} does the per-credential work once.
 */
export function signOAuth1(input: SignOAuth1Input): SignedOAuth1 {
  requireText("method", input.method);
  return createOAuth1Signer(input).sign(input);
}

/** What {@link OAuth1Signer.sign} takes: the request; the credentials are the signer's. */
export type OAuth1Request = Pick<SignOAuth1Input, "method" | "url" | "form" | "nonce" | "timestamp">;

/** Signs requests for one set of credentials; see {@link createOAuth1Signer}. */
export interface OAuth1Signer {
  /** The same result as `signOAuth1({ ...request, ...credentials })`. */
  sign(request: OAuth1Request): SignedOAuth1;
}

/** What a signer fixes besides the credentials: the `oauth_*` parameters of the auth flows' steps. */
export type OAuth1Fixed = OAuth1Credentials & Pick<SignOAuth1Input, "callback" | "verifier" | "version">;

/**
 * A signer for one set of credentials: the parts that do not change from request to request (the
 * encoded consumer key and token, their base-string entries, the HMAC key and the header's fixed
 * text) are computed once here, so that each request costs only its own parameters, the sort and the
 * HMAC. {@link signOAuth1} is this signer used once.
 */
export function createOAuth1Signer(credentials: OAuth1Fixed): OAuth1Signer {
  const consumerKey = requireText("consumerKey", credentials.consumerKey);
  if (typeof credentials.consumerSecret !== "string") {
    throw new TypeError("signOAuth1: consumerSecret must be a string");
  }
  const token = credentials.token === "" ? undefined : credentials.token;
  const version = credentials.version === false ? undefined : (credentials.version ?? "1.0");
  const key = `${percentEncode(credentials.consumerSecret)}&${percentEncode(credentials.tokenSecret ?? "")}`;
  /** A fixed oauth_* parameter: its base-string entry (see entry()) and its header text. */
  const fixed = (name: string, value: string | undefined) =>
    value === undefined ? undefined : { entry: entry(name, value), header: `${name}="${percentEncode(value)}"` };
  // In name order: callback and consumer key before the nonce; token, verifier and version after the timestamp.
  const before = [fixed("oauth_callback", credentials.callback), fixed("oauth_consumer_key", consumerKey)];
  const after = [
    fixed("oauth_token", token),
    fixed("oauth_verifier", credentials.verifier),
    fixed("oauth_version", version),
  ];
  const beforeEntries = before.flatMap((p) => (p ? [p.entry] : []));
  const afterEntries = after.flatMap((p) => (p ? [p.entry] : []));
  const fixedBefore = beforeEntries.map(baseText).join("%26");
  const fixedAfter = afterEntries.map(baseText).join("%26");
  const firstFixed = beforeEntries[0] as string;
  const lastFixed = afterEntries[afterEntries.length - 1];

  /** The parameters of the base string: the request's own (sorted entries) merged with the oauth_* ones. */
  function parametersText(params: string[], nonceEntry: string, timestamp: string): string {
    const middle = `oauth_nonce%3D${nonceEntry}%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D${timestamp}`;
    let split = 0;
    while (split < params.length && (params[split] as string) < firstFixed) split++;
    if (lastFixed !== undefined && (split === params.length || (params[split] as string) > lastFixed)) {
      // The usual case: each parameter sorts before or after every oauth_* one, whose text is ready.
      let text = "";
      for (let i = 0; i < split; i++) text += `${baseText(params[i] as string)}%26`;
      text += `${fixedBefore}%26${middle}%26${fixedAfter}`;
      for (let i = split; i < params.length; i++) text += `%26${baseText(params[i] as string)}`;
      return text;
    }
    // A parameter sorts among the oauth_* ones: sort them all (entry() makes string order the RFC's).
    const all = [...params, ...beforeEntries, `oauth_nonce\x01${nonceEntry}`, "oauth_signature_method\x01HMAC-SHA1"];
    all.push(`oauth_timestamp\x01${timestamp}`, ...afterEntries);
    return all.sort().map(baseText).join("%26");
  }

  // The header in name order, the signature slotted in before oauth_signature_method.
  const head = `OAuth ${before.flatMap((p) => (p ? [p.header] : [])).join(", ")}, oauth_nonce="`;
  const tail = after.flatMap((p) => (p ? [`, ${p.header}`] : [])).join("");
  return {
    sign(request) {
      const method = requireText("method", request.method).toUpperCase();
      // A generated nonce is letters and digits and needs no encoding; a given one is checked and encoded.
      let nonce: string;
      let nonceEntry: string;
      if (request.nonce === undefined) {
        nonce = randomNonce();
        nonceEntry = nonce;
      } else {
        if (!/^[\x21-\x7e]+$/.test(request.nonce)) {
          throw new TypeError(
            "signOAuth1: nonce must be non-empty printable ASCII (the API accepts only ASCII for oauth_nonce)",
          );
        }
        nonce = percentEncode(request.nonce);
        nonceEntry = percentEncodeTwice(request.nonce);
      }
      const timestamp = timestampText(request.timestamp);
      const { encodedUri, query } = encodedUriAndQuery(requireText("url", request.url));
      // The request's own parameters, sorted; parametersText merges the oauth_* ones in.
      const params: string[] = [];
      pushEncoded(query, params);
      pushForm(request.form, params);
      if (params.length > 1) params.sort();
      const baseString = `${method}&${encodedUri}&${parametersText(params, nonceEntry, timestamp)}`;
      const signature = hmacSha1Base64(key, baseString);
      const authorization = `${head}${nonce}", oauth_signature="${percentEncode(signature)}", oauth_signature_method="HMAC-SHA1", oauth_timestamp="${timestamp}"${tail}`;
      return { signature, baseString, authorization };
    },
  };
}
