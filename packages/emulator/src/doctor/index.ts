// The client doctor's checks, in the order they run: each one kind of finding, with its id and the
// facts file's or a seed's rule (one module each in checks/). doctor.ts runs them on every exchange.
import { authorizationForAnotherUrl } from "./checks/authorization-for-another-url.js";
import { batchOverLimit } from "./checks/batch-over-limit.js";
import { batchSplit } from "./checks/batch-split.js";
import { clockSkew } from "./checks/clock-skew.js";
import { countOutOfBounds } from "./checks/count-out-of-bounds.js";
import { cursorAfterEnd } from "./checks/cursor-after-end.js";
import { cursorReused } from "./checks/cursor-reused.js";
import { nonceReused } from "./checks/nonce-reused.js";
import { rateLimitEarlyRetry } from "./checks/rate-limit-early-retry.js";
import { rateLimitStorm } from "./checks/rate-limit-storm.js";
import { readOnlyFieldsInUpdate } from "./checks/read-only-fields.js";
import { retryAfterIgnored } from "./checks/retry-after-ignored.js";
import { secretLeaked } from "./checks/secret-leaked.js";
import { signedForAnotherHost } from "./checks/signed-for-another-host.js";
import { totalCountWithCursor } from "./checks/total-count-with-cursor.js";
import { unhashedUserIdentifiers } from "./checks/unhashed-user-identifiers.js";
import { uploadStatusTooSoon } from "./checks/upload-status-too-soon.js";
import type { DoctorCheck } from "./finding.js";

export type { DoctorCheck, Finding, Rule, Severity } from "./finding.js";

export const doctorChecks: readonly DoctorCheck[] = [
  rateLimitEarlyRetry,
  rateLimitStorm,
  retryAfterIgnored,
  uploadStatusTooSoon,
  cursorAfterEnd,
  cursorReused,
  readOnlyFieldsInUpdate,
  batchOverLimit,
  batchSplit,
  nonceReused,
  clockSkew,
  signedForAnotherHost,
  authorizationForAnotherUrl,
  secretLeaked,
  countOutOfBounds,
  totalCountWithCursor,
  unhashedUserIdentifiers,
];

/** The finding ids, in the order the checks run. */
export const doctorFindingIds: readonly string[] = doctorChecks.map((check) => check.id);
