import { parseFormPairs, percentEncode } from "@xads/oauth1";
import type { AuthPaths } from "./client-paths.js";
import { createXAdsClient, type XAdsClient, type XAdsClientOptions } from "./create-client.js";
import { apiErrorFrom, parseBody, XAdsApiError } from "./errors.js";
import { authErrorBody } from "./host-error-bodies.js";
import { AUTH_BASE_URL } from "./hosts.js";
import { basicLayer } from "./layers/basic.js";
import type { Layer } from "./layers/compose.js";
import { oauth1Layer } from "./layers/oauth1.js";
import { parseRateLimit } from "./rate-limit.js";
import { assertSecureUrl } from "./secure-url.js";
import type { ClientFor, ThrowingClient } from "./throwing-client.js";
import { createTransport, type OAuth1Credentials, PreparedRequest } from "./transport.js";

/** The request token of step 1. */
export interface RequestToken {
  oauthToken: string;
  oauthTokenSecret: string;
  callbackConfirmed: boolean;
}

/** A user's access token of step 3. */
export interface AccessToken {
  oauthToken: string;
  oauthTokenSecret: string;
  userId: string;
  screenName: string;
}

export interface UserAuthorizationUrlOptions {
  /** The request token of step 1. */
  oauthToken: string;
  forceLogin?: boolean;
  screenName?: string;
}

/** The OAuth flows of the authentication host. */
export interface AuthFlows {
  /** Step 1: a request token for `callback` (a registered callback URL, or `"oob"` for PIN mode). */
  requestToken(options: {
    callback: string;
    accessType?: "read" | "write";
    signal?: AbortSignal;
  }): Promise<RequestToken>;
  /** Step 2: the page where the user approves the application (desktop applications use this one). */
  authorizeUrl(options: UserAuthorizationUrlOptions): string;
  /** Step 2 for "Sign in with" applications: skips approval when the user already granted access. */
  authenticateUrl(options: UserAuthorizationUrlOptions): string;
  /** Step 3: exchanges the approved request token and the verifier (or PIN) for the user's access token. */
  accessToken(options: {
    oauthToken: string;
    oauthTokenSecret?: string;
    verifier: string;
    signal?: AbortSignal;
  }): Promise<AccessToken>;
  /** Revokes a user's access token (signed with that token). Resolves to the revoked token. */
  invalidateAccessToken(options: { token: string; tokenSecret: string; signal?: AbortSignal }): Promise<string>;
  /**
   * The application-only bearer token, from Basic credentials. Cached (only one token is outstanding per
   * application): every caller of this client, and every client given the same `bearerCache`, shares one
   * request and one token.
   */
  bearerToken(options?: { signal?: AbortSignal }): Promise<string>;
  /** Revokes the bearer token (default: the cached one), signed with the owner's access token, and clears the cache. */
  invalidateBearerToken(options: {
    ownerToken: string;
    ownerTokenSecret: string;
    token?: string;
    signal?: AbortSignal;
  }): Promise<string>;
}

export type AuthClient = XAdsClient<AuthPaths> & AuthFlows;
/** An {@link AuthClient} made with `throwOnError: true`: path calls resolve to `{ data, response }` only. */
export type ThrowingAuthClient = ThrowingClient<AuthPaths> & AuthFlows;

/** Where bearer tokens are kept, by host and consumer key: a `Map` fits. */
export interface BearerTokenCache {
  get(key: string): Promise<string> | undefined;
  set(key: string, token: Promise<string>): unknown;
  delete(key: string): unknown;
}

export interface AuthClientOptions extends XAdsClientOptions {
  /** The application's consumer key and secret (the token fields are used for plain calls only). */
  oauth1?: OAuth1Credentials;
  /**
   * The bearer-token cache. Default: the client's own. Give several clients of one application the
   * same cache (`new Map()`) so that they share one request and one token.
   */
  bearerCache?: BearerTokenCache;
}

function requireText(what: string, value: unknown): string {
  if (typeof value !== "string" || value === "") throw new TypeError(`${what} must be a non-empty string`);
  return value;
}

/** A client for the authentication host (`https://api.x.com`), with the OAuth flows as methods. */
export function createAuthClient<ThrowOnError extends boolean = false>(
  options: AuthClientOptions & { throwOnError?: ThrowOnError } = {},
): ClientFor<ThrowOnError, AuthClient, ThrowingAuthClient> {
  const client = createXAdsClient<AuthPaths>(options, AUTH_BASE_URL, () => authErrorBody);
  const baseUrl = client.baseUrl;
  assertSecureUrl(baseUrl, "createAuthClient: baseUrl");

  const bearerTokens: BearerTokenCache = options.bearerCache ?? new Map<string, Promise<string>>();
  const app = () => {
    const credentials = options.oauth1;
    if (!credentials)
      throw new TypeError("createAuthClient: oauth1 { consumerKey, consumerSecret } is required for this step");
    return credentials;
  };

  /**
   * Sends one auth request through the client's stack (never retried: auth steps are not idempotent),
   * authenticated by `auth` (the oauth1 or basic layer), and returns its body.
   */
  const send = async (
    method: "GET" | "POST",
    path: string,
    init: {
      query?: Record<string, string | undefined>;
      auth: Layer;
      form?: string;
      signal?: AbortSignal | undefined;
    },
  ): Promise<unknown> => {
    const query = Object.entries(init.query ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      // A bearer token is already URL-encoded as the host issues it, and goes into the query as it is.
      .map(([name, value]) => `${name}=${name === "access_token" ? value : percentEncode(value)}`)
      .join("&");
    const url = `${baseUrl}${path}${query ? `?${query}` : ""}`;
    assertSecureUrl(url, `${method} ${path}`);
    const transport = createTransport({ ...options, retry: false }, init.auth);
    const headers = new Headers();
    if (init.form !== undefined) headers.set("content-type", "application/x-www-form-urlencoded");
    const response = await transport(
      new PreparedRequest(url, { method, headers, body: init.form, signal: init.signal }),
    );
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    const body = type.includes("json") ? parseBody(text) : text;
    if (!response.ok) {
      throw apiErrorFrom(response, method, parseBody(text), parseRateLimit(response.headers), url, authErrorBody);
    }
    return body;
  };

  /** The oauth1 layer for one step's credentials, with the client's clock and nonce source. */
  const signed = (credentials: OAuth1Credentials) => oauth1Layer(credentials, options);

  const pairs = (body: unknown, method: string, path: string, required: string[]) => {
    const record = Object.fromEntries(parseFormPairs(typeof body === "string" ? body : ""));
    const missing = required.filter((name) => !record[name]);
    if (missing.length > 0) {
      throw new XAdsApiError({
        status: 200,
        method,
        path,
        message: `${method} ${path}: the answer lacks ${missing.join(", ")}`,
      });
    }
    return record as Record<string, string>;
  };

  const userPageUrl = (path: string, { oauthToken, forceLogin, screenName }: UserAuthorizationUrlOptions) => {
    let url = `${baseUrl}${path}?oauth_token=${percentEncode(requireText("oauthToken", oauthToken))}`;
    if (forceLogin !== undefined) url += `&force_login=${forceLogin}`;
    if (screenName !== undefined) url += `&screen_name=${percentEncode(screenName)}`;
    return url;
  };

  const flows: AuthFlows = {
    async requestToken({ callback, accessType, signal }) {
      const { consumerKey, consumerSecret } = app();
      const body = await send("POST", "/oauth/request_token", {
        query: { oauth_callback: requireText("callback", callback), x_auth_access_type: accessType },
        auth: signed({ consumerKey, consumerSecret }),
        signal,
      });
      const record = pairs(body, "POST", "/oauth/request_token", ["oauth_token", "oauth_token_secret"]);
      return {
        oauthToken: record.oauth_token,
        oauthTokenSecret: record.oauth_token_secret,
        callbackConfirmed: record.oauth_callback_confirmed === "true",
      };
    },
    authorizeUrl: (o) => userPageUrl("/oauth/authorize", o),
    authenticateUrl: (o) => userPageUrl("/oauth/authenticate", o),
    async accessToken({ oauthToken, oauthTokenSecret, verifier, signal }) {
      const { consumerKey, consumerSecret } = app();
      const body = await send("POST", "/oauth/access_token", {
        // oauth_token and oauth_verifier travel in the query (as the host documents), so the header leaves them out.
        query: {
          oauth_token: requireText("oauthToken", oauthToken),
          oauth_verifier: requireText("verifier", verifier),
        },
        auth: signed({ consumerKey, consumerSecret, tokenSecret: oauthTokenSecret }),
        signal,
      });
      const record = pairs(body, "POST", "/oauth/access_token", ["oauth_token", "oauth_token_secret"]);
      return {
        oauthToken: record.oauth_token,
        oauthTokenSecret: record.oauth_token_secret,
        userId: record.user_id ?? "",
        screenName: record.screen_name ?? "",
      };
    },
    async invalidateAccessToken({ token, tokenSecret, signal }) {
      const { consumerKey, consumerSecret } = app();
      const body = (await send("POST", "/1.1/oauth/invalidate_token", {
        auth: signed({ consumerKey, consumerSecret, token: requireText("token", token), tokenSecret }),
        signal,
      })) as { access_token?: string } | undefined;
      return body?.access_token ?? token;
    },
    bearerToken({ signal } = {}) {
      const { consumerKey, consumerSecret } = app();
      const key = `${baseUrl} ${consumerKey}`;
      const cached = bearerTokens.get(key);
      if (cached) return cached;
      const pending = send("POST", "/oauth2/token", {
        auth: basicLayer({ consumerKey, consumerSecret }),
        form: "grant_type=client_credentials",
        signal,
      }).then((body) => {
        const token = (body as { access_token?: unknown } | undefined)?.access_token;
        if (typeof token !== "string" || token === "") {
          throw new XAdsApiError({
            status: 200,
            method: "POST",
            path: "/oauth2/token",
            message: "POST /oauth2/token: the answer has no access_token",
          });
        }
        return token;
      });
      bearerTokens.set(key, pending);
      pending.catch(() => bearerTokens.delete(key));
      return pending;
    },
    async invalidateBearerToken({ ownerToken, ownerTokenSecret, token, signal }) {
      const { consumerKey, consumerSecret } = app();
      const key = `${baseUrl} ${consumerKey}`;
      const target = token ?? (await bearerTokens.get(key));
      const body = (await send("POST", "/oauth2/invalidate_token", {
        query: { access_token: requireText("token (no bearer token is cached)", target) },
        auth: signed({
          consumerKey,
          consumerSecret,
          token: requireText("ownerToken", ownerToken),
          tokenSecret: ownerTokenSecret,
        }),
        signal,
      })) as { access_token?: string } | undefined;
      bearerTokens.delete(key);
      return body?.access_token ?? (target as string);
    },
  };
  return Object.assign(client, flows) as never;
}
