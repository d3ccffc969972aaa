// The answers a handler throws as the API's errors; apart from call.ts (which names the store, the
// rules and the auth state) so that the lower layers (the record builders) can throw them.
import type { ApiError } from "./http/errors.js";

/** An answer the API gives as an error: the pipeline writes it in the document's error body. */
export class ApiFailure extends Error {
  constructor(
    readonly errors: ApiError[],
    /** A batch's item-level problems, by input index (an empty list where an item had none). */
    readonly operationErrors?: ApiError[][],
  ) {
    super(errors[0]?.message ?? operationErrors?.flat()[0]?.message ?? "API error");
  }
}

export const notFound = (code = "NOT_FOUND", message = "The requested resource was not found"): ApiFailure =>
  new ApiFailure([{ status: 404, code, message }]);

export const invalid = (parameter: string, message: string, code = "INVALID_PARAMETER"): ApiFailure =>
  new ApiFailure([{ status: 400, code, message, parameter }]);
