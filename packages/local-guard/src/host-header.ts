// A `Host` header read as an authority: a host name or address and an optional port, nothing else.

export interface Authority {
  /** As a URL writes it: lower case, IPv6 in brackets. */
  hostname: string;
  /** The port named, or the scheme's default (80 for http). */
  port: number;
}

/** The authority a `Host` header names, or undefined when it is not one (`x:99999`, `[::1`, `a@b`, `a/b`). */
export function parseAuthority(host: string, defaultPort = 80): Authority | undefined {
  if (host === "" || /[\s/?#@\\]/.test(host)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return undefined;
  }
  return { hostname: url.hostname, port: url.port === "" ? defaultPort : Number(url.port) };
}

let lastValidHost = "";

/**
 * The URL of a request from its target and `Host`, or why there is none. Only the origin form
 * (`/path?query`) is taken: these servers are not proxies, so an absolute target (`http://x/...`),
 * `*` or an authority is refused, as is a `Host` that is not an authority.
 */
export function requestUrl(target: string | undefined, host: string): { url: URL } | { error: string } {
  if (!target?.startsWith("/")) {
    return { error: `the request target ${JSON.stringify(target ?? "")} is not a path (origin form, /...)` };
  }
  // A client sends the same Host on every request: the last one found valid is not parsed again.
  if (host !== lastValidHost) {
    if (!parseAuthority(host)) return { error: `the Host header ${JSON.stringify(host)} is not a host and port` };
    lastValidHost = host;
  }
  try {
    return { url: new URL(`http://${host}${target}`) };
  } catch {
    return { error: `the request target ${JSON.stringify(target)} is not a valid path` };
  }
}
