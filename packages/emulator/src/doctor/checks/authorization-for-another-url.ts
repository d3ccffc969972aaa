import type { DoctorCheck } from "../finding.js";

/**
 * The emulator answers no redirect on the API's paths, so a redirect followed in process cannot
 * happen; what it sees is the result: an Authorization header (the same nonce and signature) that was
 * sent before with another method or URL, as a client that follows a redirect with its credentials,
 * or caches the header, sends it. The real host refuses it (the signature covers the URL), and the
 * redirect's target received the credentials.
 */
export const authorizationForAnotherUrl: DoctorCheck = {
  id: "authorization-for-another-url",
  title: "the same signed Authorization header sent again to another URL (a redirect followed with credentials)",
  rule: {
    source: 'facts file, "OAuth 1.0a signing"',
    text: "Base string: `METHOD&enc(base URL without query)&enc(params)`",
  },
  detect({ current, history }) {
    if (current.nonce === undefined || current.signature === undefined) return undefined;
    const earlier = history.find(
      (e) => e.nonce === current.nonce && e.signature === current.signature && e.target !== current.target,
    );
    if (!earlier) return undefined;
    const from = new URL(earlier.target.slice(earlier.method.length + 1));
    return {
      severity: "error",
      fix: `Sign each request for its own method and URL: this header was signed for ${earlier.method} ${from.origin}${from.pathname}. When following a redirect, drop the Authorization header and sign the new URL (or do not follow redirects with credentials at all).`,
    };
  },
};
