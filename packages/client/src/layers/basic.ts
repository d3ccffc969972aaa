import { percentEncode } from "../percent-encode.js";
import { authorized, type Layer } from "./compose.js";

/** Base64 of a string's UTF-8 bytes (`btoa` alone only takes Latin-1). */
function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Sends HTTP Basic credentials with every attempt, as the authentication host wants an application's
 * for `POST /oauth2/token`: the consumer key and secret, each percent-encoded (RFC 6749 section
 * 2.3.1), joined by `:` and base64-encoded.
 */
export function basicLayer(credentials: { consumerKey: string; consumerSecret: string }): Layer {
  const value = `Basic ${base64Utf8(`${percentEncode(credentials.consumerKey)}:${percentEncode(credentials.consumerSecret)}`)}`;
  return (next) => (url, init) => next(url, authorized(init, value));
}
