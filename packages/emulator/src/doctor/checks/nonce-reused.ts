import { TIMESTAMP_TOLERANCE_MS } from "../../auth/verify.js";
import type { DoctorCheck } from "../finding.js";

/**
 * A nonce the caller (its consumer key and token) sent before. The same signed header sent to another
 * URL is authorization-for-another-url's; the same one to the same URL (a retry that re-sends its
 * headers) and a fixed nonce under a new signature are this one's.
 */
export const nonceReused: DoctorCheck = {
  id: "nonce-reused",
  title: "an `oauth_nonce` the same credentials sent before",
  rule: {
    source: "seed 000 section 5 (Authentication); RFC 5849 section 3.3",
    text: "OAuth 1.0a is strictly enforced: a nonce is used once (with its timestamp)",
  },
  detect({ current, history }) {
    if (current.nonce === undefined) return undefined;
    // The verifier keeps nonces as long as a timestamp can be fresh on either side of its clock.
    const earlier = history.find((e) => e.nonce === current.nonce && current.at - e.at <= 2 * TIMESTAMP_TOLERANCE_MS);
    if (!earlier || (earlier.signature === current.signature && earlier.target !== current.target)) return undefined;
    const retry = earlier.signature === current.signature;
    return {
      severity: "error",
      fix: retry
        ? "Sign every attempt anew: a retry that re-sends the signed Authorization header repeats its nonce, which the host refuses as a replay."
        : "Make a new random oauth_nonce (ASCII) for every request; the host refuses a nonce it has seen.",
    };
  },
};
