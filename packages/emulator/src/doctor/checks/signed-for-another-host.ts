import { baseUrl } from "../../auth/oauth1.js";
import { forwardedUrl } from "../../auth/signed-urls.js";
import { documents } from "../../generated/index.js";
import { documentHosts } from "../../http/hosts.js";
import type { DoctorCheck } from "../finding.js";

const hostOf = (url: string) => new URL(url).hostname.toLowerCase();
const API_HOSTS: ReadonlySet<string> = new Set([...documentHosts.values()].flatMap((hosts) => [...hosts]));
/** The API's former host names (the spec's x-xads-legacy-hosts): twitter.com. */
const LEGACY_HOSTS: ReadonlySet<string> = new Set(documents.flatMap((d) => d.legacyServers.map(hostOf)));

/**
 * Strict auth verifies a signature for the request's own URL, then for the same path on the API's
 * other host names (a client behind a TLS terminator or the proxy names the real host). A request
 * sent to an API host name but signed for another one would be refused by that host: it verifies
 * the URL it received. A request to a local port (which stands for any host) signed for a former
 * twitter.com name works here, but signs for a host the client no longer calls.
 */
export const signedForAnotherHost: DoctorCheck = {
  id: "signed-for-another-host",
  title: "an OAuth 1.0a signature made for another host than the one the request was sent to",
  rule: {
    source: 'facts file, "OAuth 1.0a signing" and "Hosts (server URLs)"',
    text: "Base string: `METHOD&enc(base URL without query)&enc(params)`",
  },
  detect({ exchange, url }) {
    const { signedFor } = exchange;
    if (signedFor === undefined) return undefined;
    const headers = { get: (name: string) => exchange.requestHeaders[name] ?? null };
    const called = (exchange.loopback ? forwardedUrl(url, headers) : undefined) ?? url;
    if (baseUrl(called) === signedFor) return undefined;
    const signedHost = hostOf(signedFor);
    if (API_HOSTS.has(called.hostname.toLowerCase()))
      return {
        severity: "error",
        fix: `Sign for the URL the request goes to: it went to ${called.protocol}//${called.host} but was signed for ${signedHost}, which that host refuses (the base string names the host).`,
      };
    if (!LEGACY_HOSTS.has(signedHost)) return undefined;
    return {
      severity: "warning",
      fix: `Sign for the API's current host names (x.com): this request was signed for the former ${signedHost}; a client that follows twitter.com's redirect to x.com with that signature is refused there.`,
    };
  },
};
