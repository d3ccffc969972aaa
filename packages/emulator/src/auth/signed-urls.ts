// The URLs a client may have signed a request for, in the order they are tried: the URL the request
// came in on; the URL a TLS terminator on this machine says the client used; then the document's
// servers and their former host names (the spec's x-xads-legacy-hosts), with the request's path.
import type { HeaderReader } from "../http/request-like.js";
import { baseUrl } from "./oauth1.js";

export interface SignedUrlInput {
  /** The URL the request came in on (`https:` on a TLS listener). */
  url: URL;
  /** The document's server URLs (host only). */
  servers: readonly string[];
  /** The same servers on their former host names. */
  legacyServers: readonly string[];
  headers?: HeaderReader;
  /** The caller is on this machine: its forwarding headers are believed. */
  loopback: boolean;
}

const FORWARDED_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** The first entry of a comma-separated forwarding header (the client's side of the first hop). */
const first = (value: string | null | undefined) => value?.split(",", 1)[0]?.trim();

/**
 * The URL a TLS terminator says the client called: `X-Forwarded-Proto` (http or https) and
 * `X-Forwarded-Host` in place of the request's own. Undefined when neither is usable.
 */
export function forwardedUrl(url: URL, headers: HeaderReader): URL | undefined {
  const proto = first(headers.get("x-forwarded-proto"))?.toLowerCase();
  const host = first(headers.get("x-forwarded-host"));
  const protocol = proto === "http" || proto === "https" ? `${proto}:` : undefined;
  const validHost = host !== undefined && FORWARDED_HOST.test(host) ? host : undefined;
  if (!protocol && !validHost) return undefined;
  try {
    return new URL(`${protocol ?? url.protocol}//${validHost ?? url.host}${url.pathname}${url.search}`);
  } catch {
    return undefined;
  }
}

/**
 * The base URLs (RFC 5849 section 3.4.1.2: no query) a signature is accepted for, own first, each
 * once. Forwarding headers count only from loopback: a terminator runs on the same machine as the
 * emulator, which listens on loopback unless told otherwise, and a header from elsewhere is anyone's.
 */
export function acceptedBaseUrls(input: SignedUrlInput): string[] {
  const urls = [baseUrl(input.url)];
  const forwarded = input.loopback && input.headers ? forwardedUrl(input.url, input.headers) : undefined;
  if (forwarded) urls.push(baseUrl(forwarded));
  for (const origin of originsOf(input.servers)) urls.push(`${origin}${input.url.pathname}`);
  for (const origin of originsOf(input.legacyServers)) urls.push(`${origin}${input.url.pathname}`);
  return [...new Set(urls)];
}

/** A document's server lists are the generated tables' own arrays: each is normalized once, not per request. */
const origins = new WeakMap<readonly string[], readonly string[]>();

/** Each server's base URL without its path (scheme, lower-case host, a port only when not the default). */
function originsOf(servers: readonly string[]): readonly string[] {
  let known = origins.get(servers);
  if (!known) {
    known = servers.flatMap((server) => {
      try {
        return [baseUrl(new URL(server)).replace(/\/$/, "")];
      } catch {
        return [];
      }
    });
    origins.set(servers, known);
  }
  return known;
}
