import { percentEncode } from "@xads/oauth1";
import { authorized, type Layer } from "./compose.js";

/**
 * The HTTP Basic `Authorization` value the authentication host wants of an application for
 * `POST /oauth2/token`: the consumer key and secret, each percent-encoded (RFC 6749 section 2.3.1,
 * which leaves only ASCII for `btoa`), joined by `:` and base64-encoded.
 */
export function basicAuthorization(credentials: { consumerKey: string; consumerSecret: string }): string {
  return `Basic ${btoa(`${percentEncode(credentials.consumerKey)}:${percentEncode(credentials.consumerSecret)}`)}`;
}

/** Sends the application's Basic credentials ({@link basicAuthorization}) with every attempt. */
export function basicLayer(credentials: { consumerKey: string; consumerSecret: string }): Layer {
  const value = basicAuthorization(credentials);
  return (next) => (url, init) => next(url, authorized(init, value));
}
