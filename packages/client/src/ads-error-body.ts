// The ads interface's error body form (ads and tailored-audience documents): `{errors: [{code, message,
// parameter?}], request: {params}}`, or a batch's `{operation_errors}` (facts file, "Ads error body").
import type { adsErrorCodesByStatus } from "@xads/types/facts";
import { type ErrorBodyOf, insteadOf, isErrorList, isRecord, isText } from "./error-bodies.js";

/**
 * The documented code that names a status in general, for a body the client makes (the facts file: the
 * status wins when the body cannot be parsed): `NOT_FOUND` for 404 (some 404s have an HTML body) and
 * `TOO_MANY_REQUESTS` for 429 (a limit met at the edge), each checked against the spec's documented
 * codes of its status; any other status gets `UNKNOWN` (the code list is open).
 */
const CODES = { 404: "NOT_FOUND", 429: "TOO_MANY_REQUESTS" } as const satisfies {
  [Status in keyof typeof adsErrorCodesByStatus]?: (typeof adsErrorCodesByStatus)[Status][number];
};

/**
 * The ads error body: the body itself when it is one (an `errors` list, or a batch's item-level
 * `operation_errors` alone: AdsBatchErrorBody), else the one the client makes from the status.
 */
export const adsErrorBody: ErrorBodyOf = (response, body) =>
  isErrorList(body, (e) => isText(e.code) && isText(e.message)) ||
  (isRecord(body) && body.errors === undefined && Array.isArray(body.operation_errors))
    ? body
    : {
        errors: [
          { code: CODES[response.status as keyof typeof CODES] ?? "UNKNOWN", message: insteadOf(response, body) },
        ],
        request: { params: {} },
      };
