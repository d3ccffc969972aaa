import type { Answer } from "./requests.js";

/**
 * Prism's --errors answer that it could not judge: an int64 value above 2^53 among its violations
 * (ajv-formats allows only safe integers). Inside a union that one breach also fails the branch, so
 * the union's other branches add violations of their own; the suite's validator, which reads int64
 * exactly, judges the answer instead.
 */
export function onlyUnsafeIntegerViolations(answer: Answer): boolean {
  const violations = (answer.json as { validation?: Array<{ code?: string; message?: string }> } | undefined)
    ?.validation;
  if (!Array.isArray(violations)) return false;
  const unsafe = (v: { code?: string; message?: string }) =>
    v.code === "maximum" && String(v.message).endsWith(`<= ${Number.MAX_SAFE_INTEGER}`);
  const unions = violations.some((v) => v.code === "oneOf" || v.code === "anyOf");
  return violations.some(unsafe) && (unions || violations.every(unsafe));
}

/** The first error of an answer, short: its code and message. */
export function errorSummary(answer: Answer): string {
  const body = answer.json as
    | {
        errors?: Array<{ code?: unknown; message?: unknown }>;
        operation_errors?: Array<Array<{ code?: unknown; message?: unknown }>>;
        detail?: unknown;
      }
    | undefined;
  const first = body?.errors?.[0] ?? body?.operation_errors?.flat()[0];
  if (first) return `${String(first.code)}: ${String(first.message)}`.slice(0, 160);
  return String(body?.detail ?? answer.text).slice(0, 160);
}
