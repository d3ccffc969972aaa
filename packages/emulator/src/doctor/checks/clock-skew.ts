import { TIMESTAMP_TOLERANCE_MS } from "../../auth/verify.js";
import type { DoctorCheck } from "../finding.js";

/** More off than this, a timestamp is still taken, but the signer's clock is drifting toward refusal. */
export const SKEW_WARNING_MS = 60_000;

/**
 * How far `oauth_timestamp` is from the emulator's clock, or from the wall clock when that is nearer:
 * the verifier takes a timestamp fresh on either (a virtual clock moved forward must not make a real
 * signer's timestamps stale).
 */
export const clockSkew: DoctorCheck = {
  id: "clock-skew",
  title: `an \`oauth_timestamp\` more than ${SKEW_WARNING_MS / 1000} s off (warning) or more than ${TIMESTAMP_TOLERANCE_MS / 1000} s (refused, code 135)`,
  rule: {
    source: 'facts file, "OAuth 1.0a signing"; RFC 5849 section 3.3',
    text: `oauth_timestamp is the signer's time in seconds; more than ${TIMESTAMP_TOLERANCE_MS / 1000} s from the host's clock is refused (code 135)`,
  },
  detect({ current, oauth }) {
    const timestamp = Number(oauth?.oauth_timestamp);
    if (oauth?.oauth_timestamp === undefined || !Number.isInteger(timestamp)) return undefined;
    const skew = Math.min(Math.abs(timestamp * 1000 - current.at), Math.abs(timestamp * 1000 - Date.now()));
    if (skew <= SKEW_WARNING_MS) return undefined;
    const seconds = Math.round(skew / 1000);
    if (skew > TIMESTAMP_TOLERANCE_MS)
      return {
        severity: "error",
        fix: `The timestamp is ${seconds} s off the host's clock, past the ${TIMESTAMP_TOLERANCE_MS / 1000} s it takes: sync the signer's clock (NTP), or sign with the clock the emulator shows (GET /_emulator/clock) when it runs on a virtual one.`,
      };
    return {
      severity: "warning",
      fix: `The timestamp is ${seconds} s off the host's clock; past ${TIMESTAMP_TOLERANCE_MS / 1000} s every request is refused: sync the signer's clock (NTP), and take the time when signing, not when the request was built.`,
    };
  },
};
