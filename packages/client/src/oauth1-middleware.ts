import type { Middleware } from "openapi-fetch";
import { signOAuth1 } from "./oauth1.js";
import type { OAuth1Credentials } from "./transport.js";

export interface OAuth1MiddlewareOptions {
  /** Clock in ms (default `Date.now`). */
  now?: () => number;
  /** Nonce source (default: 32 random ASCII letters and digits). */
  nonce?: () => string;
}

/**
 * openapi-fetch middleware that signs each request with OAuth 1.0a: the query, a form body and the
 * `oauth_*` parameters; JSON and multipart bodies are not signed. The clients of this package sign in
 * their transport instead, so that each retry carries a fresh nonce; use this one with any other
 * openapi-fetch client.
 */
export function oauth1Middleware(credentials: OAuth1Credentials, options: OAuth1MiddlewareOptions = {}): Middleware {
  const now = options.now ?? Date.now;
  return {
    async onRequest({ request }) {
      const type = request.headers.get("content-type") ?? "";
      const form =
        request.body !== null && type.startsWith("application/x-www-form-urlencoded")
          ? await request.clone().text()
          : undefined;
      const { authorization } = signOAuth1({
        method: request.method,
        url: request.url,
        form,
        ...credentials,
        nonce: options.nonce?.(),
        timestamp: Math.floor(now() / 1000),
      });
      request.headers.set("authorization", authorization);
      return request;
    },
  };
}
