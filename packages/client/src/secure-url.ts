const LOOPBACK_HOSTS = new Set(["localhost", "[::1]", "::1"]);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith(".localhost");
}

/** Throws unless `url` is https, or http on a loopback host (a local mock). Every auth step must use HTTPS. */
export function assertSecureUrl(url: string, what: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`${what} must be an absolute URL (got ${JSON.stringify(url)})`);
  }
  if (parsed.protocol === "https:") return;
  if (parsed.protocol === "http:" && isLoopback(parsed.hostname)) return;
  throw new TypeError(
    `${what} must use https:// (got ${parsed.protocol}//${parsed.host}): every authorization step requires HTTPS; plain http is allowed only on loopback hosts (localhost, 127.0.0.0/8, ::1) for a local mock`,
  );
}
