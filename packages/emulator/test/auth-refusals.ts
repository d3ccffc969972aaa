// Where the emulator's answer to a request the validator rejects is not a 400, by the facts file.

/**
 * The auth host answers an application-only (Basic) request that lacks a required form field, such
 * as `grant_type`, as it answers bad credentials: 403 code 99 (facts file, "Auth host errors").
 */
export function refusedAsCredentials(
  operation: { security: string },
  status: number,
  errors: ReadonlyArray<{ code: string }>,
): boolean {
  return (
    operation.security === "basic" &&
    status === 403 &&
    errors.length > 0 &&
    errors.every((error) => error.code === "MISSING_PARAMETER")
  );
}
