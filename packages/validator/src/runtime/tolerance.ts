// Responses are read tolerantly: the API adds enum values between versions and answers lengths the
// request side bounds, so a response breaking only such a constraint is valid, with warnings. Requests
// stay strict, and so do responses when the caller asks (`strict: true`).

import type { SchemaError } from "./schema-runtime.js";

/** Keywords whose breach in a response is a warning: a value the API may add, a length it may answer. */
const TOLERATED = new Set(["enum", "discriminator", "maxLength", "minLength", "maxItems", "minItems"]);
/** A union fails when its branch does; it is tolerated when that branch's only breaches are. */
const UNIONS = new Set(["oneOf", "anyOf"]);

function within(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

/**
 * Whether a failed response's errors are all tolerable: tolerated keywords, and unions failing only
 * for tolerated breaches beneath them. A union without a discriminator reports every branch's errors,
 * so a mismatch cannot be told from a new value there: any other error keeps it a failure.
 */
export function tolerable(errors: readonly SchemaError[]): boolean {
  const breaches = errors.filter((e) => TOLERATED.has(e.keyword));
  if (breaches.length === 0) return false;
  return errors.every(
    (e) =>
      TOLERATED.has(e.keyword) ||
      (UNIONS.has(e.keyword) && breaches.some((breach) => within(breach.instancePath, e.instancePath))),
  );
}
