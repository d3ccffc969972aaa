// Where a client's error answers get the API's error body (error-bodies.ts): every path call's
// `{ error }`, and the XAdsApiError that `throwOnError` throws.
import type { Client, Middleware } from "openapi-fetch";
import { type ErrorBodyOf, normaliseAnswer } from "./error-bodies.js";
import { apiErrorFromResponse } from "./errors.js";
import { parseRateLimit } from "./rate-limit.js";

/** The error body form of each path template of a client's document. */
export type ErrorBodyOfPath = (path: string) => ErrorBodyOf;

/** `throwOnError`: a non-2xx answer rejects with XAdsApiError, whose `errors` are the API's error body's. */
export function throwOnErrorMiddleware(formOf: ErrorBodyOfPath): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (response.ok) return undefined;
      const rateLimit = parseRateLimit(response.headers);
      throw await apiErrorFromResponse(response, request.method, rateLimit, request.url, formOf(schemaPath));
    },
  };
}

type Answer = { error?: unknown; response: Response };
type Send = (first: unknown, second?: unknown, third?: unknown) => Promise<Answer>;

/** Wraps the client's calls so that each error answer's `error` is the API's error body. */
export function answerWithApiErrorBodies(client: Client<object>, formOf: ErrorBodyOfPath): void {
  const calls = client as unknown as Record<string, Send>;
  for (const name of ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE", "request"]) {
    const send = calls[name] as Send;
    // `request(method, path, init)` has the path second; the path calls ignore a third argument.
    const pathFirst = name !== "request";
    calls[name] = (first, second, third) =>
      send(first, second, third).then((answer) =>
        answer.response.ok ? answer : normaliseAnswer(formOf(String(pathFirst ? first : second)), answer),
      );
  }
}
