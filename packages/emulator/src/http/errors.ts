// Errors in the body each document answers with: the ads interface's `{errors: [{code, message,
// parameter}], request: {params}}`, the auth host's numeric codes, the v1.1 upload `errors` list and
// the v2 media problem objects (facts file, "Ads error body" and "Auth host errors").
import type { ErrorStyle } from "../spec-types.js";

export interface ApiError {
  status: number;
  /** The ads interface's upper-case code. */
  code: string;
  message: string;
  parameter?: string;
  /** The auth host's numeric code, when it is not the status's usual one. */
  numeric?: number;
}

/** Numeric codes of the auth host and the v1.1 upload host (the provider's v1.1 response codes). */
const NUMERIC: Record<number, { code: number; message: string }> = {
  400: { code: 44, message: "A parameter is invalid." },
  401: { code: 32, message: "Could not authenticate you." },
  403: { code: 99, message: "Unable to verify your credentials" },
  404: { code: 34, message: "Sorry, that page does not exist." },
  429: { code: 88, message: "Rate limit exceeded" },
  500: { code: 131, message: "Internal error." },
  503: { code: 130, message: "Over capacity." },
};

const TITLES: Record<number, string> = {
  400: "Invalid Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export const INVALID_OR_EXPIRED_TOKEN = { code: 89, message: "Invalid or expired token." };

export function errorBody(style: ErrorStyle, errors: ApiError[], params: Record<string, unknown> = {}): unknown {
  const [first] = errors;
  if (!first) throw new Error("errorBody needs at least one error");
  switch (style) {
    case "ads":
      return {
        errors: errors.map((e) => ({
          code: e.code,
          message: e.message,
          ...(e.parameter !== undefined ? { parameter: e.parameter } : {}),
        })),
        request: { params },
      };
    case "auth":
    case "upload-v1":
      return {
        errors: errors.map((e) => {
          const fallback = NUMERIC[e.status] ?? NUMERIC[500];
          const code = e.numeric ?? fallback?.code ?? 131;
          return {
            code,
            message: e.numeric === undefined && e.status !== 400 ? (fallback?.message ?? e.message) : e.message,
          };
        }),
      };
    case "problem":
      return {
        title: TITLES[first.status] ?? "Error",
        detail: errors.map((e) => e.message).join("; "),
        type: first.status === 400 ? "https://api.x.com/2/problems/invalid-request" : "about:blank",
        status: first.status,
      };
  }
}
