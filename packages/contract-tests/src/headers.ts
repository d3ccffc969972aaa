import type { Operation } from "@xads/spec/lib/model.mjs";
import type { Node } from "@xads/spec/lib/operations.mjs";

/** The header a deprecated endpoint adds to its answers (facts file: "a deprecated endpoint adds `x-api-warn`"). */
export const API_WARN = "x-api-warn";

/** The rate-limit header families: user level (every response), account level (ads GET responses). */
export const RATE_LIMITS = [
  { limit: "x-rate-limit-limit", remaining: "x-rate-limit-remaining", reset: "x-rate-limit-reset" },
  {
    limit: "x-account-rate-limit-limit",
    remaining: "x-account-rate-limit-remaining",
    reset: "x-account-rate-limit-reset",
  },
] as const;

/** A documented header: its example (the model's pick) and schema. */
export type DocumentedHeader = Operation["responses"][number]["headers"][string];

/** One documented response of an operation with its headers (names lower-cased). */
export interface DocumentedHeaders {
  status: string;
  headers: Map<string, DocumentedHeader>;
}

/** Every response an operation documents, each with its headers. */
export function documentedHeaders(entry: Operation): DocumentedHeaders[] {
  return entry.responses.map(({ status, headers }) => ({
    status,
    headers: new Map(Object.entries(headers).map(([name, header]) => [name.toLowerCase(), header])),
  }));
}

/** The example values of a response's headers, by lower-case name. */
export function headerExamples(headers: Map<string, DocumentedHeader>): Record<string, unknown> {
  return Object.fromEntries([...headers].map(([name, header]) => [name, header.example]));
}

/** The headers of an answer as a plain record (lower-case names, text values). */
export function answerHeaders(headers: Headers): Record<string, unknown> {
  return Object.fromEntries([...headers.entries()]);
}

/** A non-negative integer from a header value (number, or decimal text as an answer carries it). */
function count(value: unknown): number | undefined {
  const number = typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/**
 * What is wrong with the rate-limit header values of a response of this status (empty when they agree):
 * a family present in part, a value that is not a non-negative integer, more remaining than the limit,
 * anything but 0 remaining on a 429, or 0 remaining on any other status.
 */
export function rateLimitProblems(status: number, values: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const family of RATE_LIMITS) {
    const names = [family.limit, family.remaining, family.reset];
    if (names.every((name) => values[name] === undefined)) continue;
    for (const name of names) {
      if (count(values[name]) === undefined) {
        problems.push(`${name} is ${JSON.stringify(values[name])}, not a non-negative integer`);
      }
    }
    const limit = count(values[family.limit]);
    const remaining = count(values[family.remaining]);
    if (remaining === undefined) continue;
    if (limit !== undefined && remaining > limit) {
      problems.push(`${family.remaining} ${remaining} is above ${family.limit} ${limit}`);
    }
    if (status === 429 && remaining !== 0) {
      problems.push(`${family.remaining} is ${remaining} on a 429: an exhausted limit leaves 0`);
    }
    if (status !== 429 && remaining === 0) {
      problems.push(`${family.remaining} is 0 on a ${status}: only a 429 has nothing left`);
    }
  }
  return problems;
}

/** Reset values (epoch seconds) that are not after `after` (epoch seconds). */
export function resetProblems(values: Record<string, unknown>, after: number): string[] {
  return RATE_LIMITS.flatMap(({ reset }) => {
    const value = count(values[reset]);
    if (value === undefined || value > after) return [];
    return [
      `${reset} ${value} (${new Date(value * 1000).toISOString()}) is not after ${new Date(after * 1000).toISOString()}`,
    ];
  });
}

/** A whole string that is an ISO 8601 date or date-time. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The latest ISO 8601 date or date-time found anywhere in a document (its examples), in epoch seconds. */
export function latestDate(document: Node): number {
  let latest = 0;
  const walk = (node: unknown) => {
    if (typeof node === "string") {
      if (ISO_DATE.test(node)) {
        const time = Date.parse(node);
        if (!Number.isNaN(time)) latest = Math.max(latest, Math.ceil(time / 1000));
      }
    } else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") Object.values(node).forEach(walk);
  };
  walk(document);
  return latest;
}

/**
 * Where `x-api-warn` is wrong for an operation: on a response of an operation that is not deprecated,
 * or missing from a success response of one that is (`deprecated: true`).
 */
export function apiWarnProblems(entry: Operation, responses: DocumentedHeaders[]): string[] {
  const deprecated = entry.deprecated;
  return responses.flatMap(({ status, headers }) => {
    const warns = headers.has(API_WARN);
    if (!deprecated && warns) return [`${status} carries ${API_WARN}, but the operation is not deprecated`];
    if (deprecated && /^2\d\d$/.test(status) && !warns) {
      return [`${status} lacks ${API_WARN}, but the operation is deprecated`];
    }
    return [];
  });
}
