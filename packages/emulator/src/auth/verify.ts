// Who is calling. Strict mode verifies OAuth 1.0a HMAC-SHA1 signatures against the issued
// credentials (RFC 5849; stale timestamps and replayed nonces refused) for the URLs of signed-urls.ts
// and the parameter readings of signed-params.ts, and names the signature the client made when none
// matches (signature-hints.ts); Basic credentials against the applications and bearer tokens against
// the ones outstanding. Lenient mode takes any well-formed
// Authorization of the operation's scheme, so that a hand-typed curl works.
import { constantTimeEqual } from "@xads/oauth1";
import { getOperation } from "@xads/validator";
import { fromBase64, utf8Text } from "../bytes.js";
import { documents } from "../generated/index.js";
import type { ApiError } from "../http/errors.js";
import { INVALID_OR_EXPIRED_TOKEN } from "../http/errors.js";
import type { HeaderReader } from "../http/request-like.js";
import type { OperationSpec } from "../spec-types.js";
import { baseStringOf, formPairs, hmacSha1Signature, parseAuthorization } from "./oauth1.js";
import { signatureHint } from "./signature-hints.js";
import { acceptedParameterStrings, signedParams } from "./signed-params.js";
import { acceptedBaseUrls } from "./signed-urls.js";
import { type AuthState, isValidBearer } from "./state.js";

export const TIMESTAMP_TOLERANCE_MS = 300_000;
/** The response header that shows a loopback caller the base string the emulator signed. */
export const BASE_STRING_HEADER = "x-xads-emulator-base-string";

export interface AuthInput {
  operation: OperationSpec;
  method: string;
  url: URL;
  authorization: string | null;
  /** The form body, when the request has one (it is signed). */
  form: string;
  /** Server URLs the request may have been signed for (a client pointed at the real host). */
  servers: string[];
  /** The same servers on their former host names (signed for by older clients). */
  legacyServers?: string[];
  /** The request's headers: `X-Forwarded-Proto` and `X-Forwarded-Host`, read from loopback only. */
  headers?: HeaderReader;
  /** The caller is on this machine. */
  loopback?: boolean;
  state: AuthState;
  strict: boolean;
  now: number;
  nonces: NonceCache;
}

export type AuthResult =
  | {
      ok: true;
      credential: string | undefined;
      oauth: Record<string, string> | undefined;
      /** The base URL a verified OAuth 1.0a signature was made for (strict mode). */
      signedFor?: string;
    }
  | {
      ok: false;
      error: ApiError;
      /** The base string of the request as the emulator reads it (shown to loopback callers). */
      baseString?: string;
      /** Which signature the client made, when it did not match (signature-hints.ts). */
      hint?: string;
    };

/**
 * Nonces seen within the timestamp window; older ones cannot be replayed anyway. Kept in the order
 * they were seen, so forgetting the expired ones reads only those (a flood of fresh nonces costs no
 * request more than its own).
 */
export class NonceCache {
  private readonly seen = new Map<string, number>();

  /** Records the nonce; false when it was seen already. */
  use(key: string, now: number): boolean {
    this.forgetExpired(now);
    const at = this.seen.get(key);
    if (at !== undefined && now - at <= 2 * TIMESTAMP_TOLERANCE_MS) return false;
    // Deleted first, so that the key moves to the end of the order it is seen in.
    this.seen.delete(key);
    this.seen.set(key, now);
    return true;
  }

  private forgetExpired(now: number) {
    for (const [key, at] of this.seen) {
      if (now - at <= 2 * TIMESTAMP_TOLERANCE_MS) break;
      this.seen.delete(key);
    }
  }

  get size(): number {
    return this.seen.size;
  }

  clear() {
    this.seen.clear();
  }
}

const unauthorized = (message: string, numeric = 32): AuthResult => ({
  ok: false,
  error: { status: 401, code: "UNAUTHORIZED_ACCESS", message, numeric },
});
const expired = (): AuthResult => unauthorized(INVALID_OR_EXPIRED_TOKEN.message, INVALID_OR_EXPIRED_TOKEN.code);

function verifyBasic(input: AuthInput): AuthResult {
  const refused: AuthResult = {
    ok: false,
    error: {
      status: 403,
      code: "UNAUTHORIZED_CLIENT_APPLICATION",
      message: "Unable to verify your credentials",
      numeric: 99,
    },
  };
  const match = /^Basic\s+(\S+)$/i.exec(input.authorization ?? "");
  if (!match?.[1]) return refused;
  const decoded = utf8Text(fromBase64(match[1]));
  const colon = decoded.indexOf(":");
  if (colon < 0) return refused;
  const [key, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  }) as [string, string];
  const app = Object.hasOwn(input.state.apps, key) ? input.state.apps[key] : undefined;
  if (input.strict && !(app && constantTimeEqual(app.secret, secret))) return refused;
  // The host answers a request that lacks a required form field (`grant_type`) as it answers bad
  // credentials (facts file, "Auth host errors": 403 code 99), not with a 400.
  if (lacksRequiredField(input)) return refused;
  return { ok: true, credential: app ? key : Object.keys(input.state.apps)[0], oauth: undefined };
}

/** Whether the form body misses a field the operation's request body requires (the validator says). */
function lacksRequiredField(input: AuthInput): boolean {
  if (!input.operation.bodyMediaType?.includes("x-www-form-urlencoded")) return false;
  const verdict = getOperation(input.operation.id).validateRequest(
    { path: {}, query: new URLSearchParams(input.url.search), headers: {}, body: input.form || undefined },
    { now: new Date(input.now) },
  );
  return !verdict.valid && verdict.errors.some((error) => error.code === "MISSING_PARAMETER");
}

function verifyBearer(input: AuthInput, token: string): AuthResult {
  if (isValidBearer(input.state, token)) return { ok: true, credential: token, oauth: undefined };
  return input.strict ? expired() : { ok: true, credential: token, oauth: undefined };
}

/** The secret that signs with `token`, or why there is none. */
function tokenSecret(input: AuthInput, oauth: Record<string, string>): { secret: string } | AuthResult {
  // The access-token step may carry the request token in the query, as the host documents it, or in
  // the form body (it is then part of the signed base string, RFC 5849 section 3.4.1.3).
  const fromRequest =
    input.operation.id === "createAccessToken"
      ? (input.url.searchParams.get("oauth_token") ??
        formPairs(input.form).find(([key]) => key === "oauth_token")?.[1] ??
        undefined)
      : undefined;
  const token = oauth.oauth_token ?? fromRequest;
  if (input.operation.id === "createRequestToken") return { secret: "" };
  if (!token) return unauthorized("The request is not signed with a token (oauth_token)");
  if (input.operation.id === "createAccessToken") {
    const request = Object.hasOwn(input.state.requestTokens, token) ? input.state.requestTokens[token] : undefined;
    return request ? { secret: request.secret } : expired();
  }
  const access = Object.hasOwn(input.state.accessTokens, token) ? input.state.accessTokens[token] : undefined;
  return access && !access.invalidated ? { secret: access.secret } : expired();
}

function verifyOAuth1(input: AuthInput, oauth: Record<string, string>): AuthResult {
  const token = oauth.oauth_token;
  if (token && input.state.accessTokens[token]?.invalidated) return expired();
  if (!input.strict) return { ok: true, credential: token ?? oauth.oauth_consumer_key, oauth };
  for (const name of [
    "oauth_consumer_key",
    "oauth_signature",
    "oauth_signature_method",
    "oauth_timestamp",
    "oauth_nonce",
  ]) {
    if (!oauth[name]) return unauthorized(`The Authorization header lacks ${name}`);
  }
  if (oauth.oauth_signature_method !== "HMAC-SHA1") return unauthorized("oauth_signature_method must be HMAC-SHA1");
  if (oauth.oauth_version !== undefined && oauth.oauth_version !== "1.0")
    return unauthorized("oauth_version must be 1.0");
  if (!/^[\x20-\x7e]+$/.test(oauth.oauth_nonce ?? "")) return unauthorized("oauth_nonce must be ASCII");
  const consumerKey = oauth.oauth_consumer_key ?? "";
  const app = Object.hasOwn(input.state.apps, consumerKey) ? input.state.apps[consumerKey] : undefined;
  if (!app) return unauthorized(`Unknown consumer key ${consumerKey}`);
  const secret = tokenSecret(input, oauth);
  if ("ok" in secret) return secret;
  const timestamp = Number(oauth.oauth_timestamp);
  // Fresh on the emulator's clock or on the wall clock: moving the clock forward (a poll's duration)
  // must not make every real signer's timestamps stale.
  const fresh = (now: number) => Math.abs(timestamp * 1000 - now) <= TIMESTAMP_TOLERANCE_MS;
  if (!Number.isInteger(timestamp) || !(fresh(input.now) || fresh(Date.now())))
    return unauthorized(
      `Timestamp out of bounds: ${oauth.oauth_timestamp} is more than 300 s from ${Math.floor(input.now / 1000)}`,
      135,
    );
  const params = signedParams(input.url, input.form, oauth);
  const urls = acceptedBaseUrls({
    url: input.url,
    servers: input.servers,
    legacyServers: input.legacyServers ?? [],
    ...(input.headers ? { headers: input.headers } : {}),
    loopback: input.loopback ?? false,
  });
  const readings = acceptedParameterStrings(params);
  const sent = oauth.oauth_signature ?? "";
  const matches = (base: string) => constantTimeEqual(hmacSha1Signature(base, app.secret, secret.secret), sent);
  // A few candidates, each base string made only when the one before did not match.
  const signedFor = urls.find((url) => readings.some((reading) => matches(baseStringOf(input.method, url, reading))));
  if (signedFor === undefined) {
    const localPort = documents.find((d) => d.name === input.operation.document)?.mockPort;
    return {
      ...(unauthorized("Could not authenticate you: the signature does not match") as { ok: false; error: ApiError }),
      baseString: baseStringOf(input.method, urls[0] ?? "", readings[0] ?? ""),
      hint: signatureHint({
        method: input.method,
        url: input.url,
        accepted: urls,
        params,
        ...(localPort !== undefined ? { localPort } : {}),
        matches,
      }),
    };
  }
  if (!input.nonces.use(`${consumerKey}\n${token ?? ""}\n${oauth.oauth_nonce}`, input.now))
    return unauthorized(`The nonce ${oauth.oauth_nonce} was used already`);
  return { ok: true, credential: token ?? consumerKey, oauth, signedFor };
}

export function authenticate(input: AuthInput): AuthResult {
  const kinds = input.operation.securityKinds;
  if (kinds.includes("none"))
    return { ok: true, credential: undefined, oauth: parseAuthorization(input.authorization) };
  if (kinds.includes("basic")) return verifyBasic(input);
  const bearer = /^Bearer\s+(\S+)$/i.exec(input.authorization ?? "");
  if (bearer?.[1] && kinds.includes("bearer")) return verifyBearer(input, bearer[1]);
  const oauth = parseAuthorization(input.authorization);
  if (!oauth) return unauthorized("The request needs an OAuth 1.0a Authorization header");
  return verifyOAuth1(input, oauth);
}
