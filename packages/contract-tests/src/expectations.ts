import type { Operation } from "@xads/spec/lib/model.mjs";
import type { ExpectStatic } from "vitest";
import { type LoadedBundle, responseOf } from "./bundle.js";
import { API_WARN, answerHeaders, rateLimitProblems } from "./headers.js";
import type { Answer } from "./requests.js";

/** The operation's success status: the lowest 2xx it documents. */
export function successStatus(entry: Operation): string {
  const codes = entry.responses.map((r) => r.status).filter((c) => /^2\d\d$/.test(c));
  const first = codes.sort()[0];
  if (!first) throw new Error(`${entry.id} documents no 2xx response`);
  return first;
}

function describeErrors(validate: { errors?: unknown }) {
  return JSON.stringify(validate.errors, null, 1);
}

/** Asserts that an answer has the status, media type and schema that the operation documents for it. */
export function expectDocumented(
  expect: ExpectStatic,
  bundle: LoadedBundle,
  entry: Operation,
  status: string,
  answer: Answer,
) {
  const documented = responseOf(entry, status) ?? responseOf(entry, "default");
  expect(documented, `${entry.id} documents ${status} or default`).toBeDefined();
  const media = documented?.content[0];
  if (!media?.schema) {
    expect(answer.text).toBe("");
    return;
  }
  expect(answer.headers.get("content-type") ?? "").toContain(media.mediaType);
  const body = media.mediaType.includes("json") ? answer.json : answer.text;
  const validate = bundle.validator(media.schema);
  expect(validate(body), describeErrors(validate)).toBe(true);
}

/** The documented success status and body. */
export function expectAccepted(
  expect: ExpectStatic,
  bundle: LoadedBundle,
  entry: Operation,
  answer: Answer,
  what: string,
) {
  const status = successStatus(entry);
  expect(answer.status, `${what}: ${answer.text}`).toBe(Number(status));
  expectDocumented(expect, bundle, entry, status, answer);
}

/** Rejected in the documented error body: 400 where the operation documents one (the ads error body), else a 4xx. */
export function expectRejected(
  expect: ExpectStatic,
  bundle: LoadedBundle,
  entry: Operation,
  answer: Answer,
  what: string,
) {
  if (responseOf(entry, "400")) expect(answer.status, `${what}: ${answer.text}`).toBe(400);
  else {
    expect(answer.status, `${what}: ${answer.text}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(500);
  }
  expectDocumented(expect, bundle, entry, String(answer.status), answer);
}

/** The answer's rate-limit headers agree with its status, and x-api-warn comes only from a deprecated operation. */
export function expectTruthfulHeaders(expect: ExpectStatic, entry: Operation, answer: Answer) {
  expect(rateLimitProblems(answer.status, answerHeaders(answer.headers)), "rate-limit headers").toEqual([]);
  const warns = answer.headers.has(API_WARN);
  if (!entry.deprecated) expect(warns, `${API_WARN} on an operation that is not deprecated`).toBe(false);
  else if (answer.status < 300) expect(warns, `${API_WARN} on a success of a deprecated operation`).toBe(true);
}
