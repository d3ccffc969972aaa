import { createOAuth1Signer, type OAuth1Credentials, type OAuth1Signer } from "../oauth1.js";
import { authorized, finalError, headersOf, type Layer } from "./compose.js";

export interface OAuth1LayerOptions {
  /** Clock in ms (default `Date.now`), for `oauth_timestamp`. */
  now?: (() => number) | undefined;
  /** Nonce source (default: 32 random ASCII letters and digits). */
  nonce?: (() => string) | undefined;
}

const FORM = "application/x-www-form-urlencoded";

/**
 * Signs every attempt with OAuth 1.0a (fresh nonce and timestamp): the query and a form body enter the
 * signature, JSON and binary bodies do not. Uses one precomputed signer for the credentials. A request
 * that cannot be signed rejects without a retry.
 */
export function oauth1Layer(credentials: OAuth1Credentials, options: OAuth1LayerOptions = {}): Layer {
  const now = options.now ?? Date.now;
  const nonce = options.nonce;
  // Made on the first request, so that bad credentials reject that request, as signOAuth1 would.
  let signer: OAuth1Signer | undefined;
  return (next) => (url, init) => {
    const body = init.body;
    let authorization: string;
    try {
      signer ??= createOAuth1Signer(credentials);
      authorization = signer.sign({
        method: init.method ?? "GET",
        url,
        form: typeof body === "string" && headersOf(init).get("content-type")?.startsWith(FORM) ? body : undefined,
        nonce: nonce?.(),
        timestamp: Math.floor(now() / 1000),
      }).authorization;
    } catch (error) {
      return Promise.reject(finalError(error));
    }
    return next(url, authorized(init, authorization));
  };
}
