import { type BatchPath, batchLimits } from "@xads/types/facts";
import type { AudienceUser } from "./audience.js";
import {
  type ApiErrorItem,
  apiErrorFrom,
  errorItemsOf,
  jsonAnswer,
  type OperationError,
  XAdsApiError,
} from "./errors.js";
import { parseRateLimit } from "./rate-limit.js";

/** The batch path whose limits each batch kind takes (the do-not-reach user batch has the same as `users`). */
const BATCH_PATHS = {
  campaigns: "/12/batch/accounts/{account_id}/campaigns",
  line_items: "/12/batch/accounts/{account_id}/line_items",
  custom_audiences: "/12/batch/accounts/{account_id}/custom_audiences",
  users: "/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/users",
} as const satisfies Record<string, BatchPath>;

const users = batchLimits[BATCH_PATHS.users];

/**
 * The batch limits per request, by batch kind: the spec's (`batchLimits` of `@xads/types/facts`: the
 * request body's `maxItems` and its `max-body-bytes` rule) for the batch path of each kind.
 */
export const BATCH_LIMITS = {
  campaigns: { items: batchLimits[BATCH_PATHS.campaigns].items },
  line_items: { items: batchLimits[BATCH_PATHS.line_items].items },
  custom_audiences: { items: batchLimits[BATCH_PATHS.custom_audiences].items },
  /** Custom-audience and do-not-reach user batches. */
  users: { items: users.items, bytes: users.bytes },
} as const satisfies Record<keyof typeof BATCH_PATHS, BatchLimit>;

export type BatchKind = keyof typeof BATCH_LIMITS;

export interface BatchLimit {
  items: number;
  /** Upper bound of the JSON request body in bytes (UTF-8). */
  bytes?: number;
}

/** One item of a batch request. */
export interface BatchOperation<Params = Record<string, unknown>> {
  operation_type: "Create" | "Update" | "Delete";
  params: Params;
}

/** The minimal client a batch helper needs: any client made by this package. */
export interface PostingClient {
  /** Method syntax on purpose: any openapi-fetch client fits, whatever its paths; answers are checked at run time. */
  POST(...args: never[]): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

type Post = (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export interface BatchRequestOptions {
  /** Path parameters of the batch path, for example `{ account_id: "18ce54d4x5t" }`. */
  pathParams?: Record<string, string>;
  signal?: AbortSignal;
}

const encoder = new TextEncoder();

function limitOf(kind: BatchKind | BatchLimit): BatchLimit {
  if (typeof kind === "object") return kind;
  const limit = BATCH_LIMITS[kind];
  if (!limit)
    throw new TypeError(`batch kind must be one of ${Object.keys(BATCH_LIMITS).join(", ")} (got ${String(kind)})`);
  return limit;
}

/**
 * Splits items into consecutive requests that respect the item and byte limits of `kind`, keeping order.
 * Throws when one item alone exceeds the byte limit.
 */
export function splitBatch<T>(items: readonly T[], kind: BatchKind | BatchLimit): T[][] {
  if (!Array.isArray(items)) throw new TypeError("batch items must be an array");
  const { items: maxItems, bytes: maxBytes } = limitOf(kind);
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 2; // "[" and "]"
  items.forEach((item, index) => {
    const itemBytes = maxBytes === undefined ? 0 : encoder.encode(JSON.stringify(item)).length;
    if (maxBytes !== undefined && itemBytes + 2 > maxBytes) {
      throw new RangeError(
        `batch item ${index} is ${itemBytes} bytes as JSON; one request may carry at most ${maxBytes} bytes`,
      );
    }
    const added = current.length === 0 ? itemBytes : itemBytes + 1; // the comma
    if (current.length === maxItems || (maxBytes !== undefined && size + added > maxBytes)) {
      chunks.push(current);
      current = [];
      size = 2;
    }
    size += current.length === 0 ? itemBytes : itemBytes + 1;
    current.push(item);
  });
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Item-level errors mapped to the caller's input indices. The documents keep the shape open, so both an
 * index-aligned array (of error arrays or nulls) and a list of `{ index, ... }` objects are read. */
function operationErrorsOf(body: unknown, offset: number): OperationError[] {
  const list = (body as { operation_errors?: unknown } | null)?.operation_errors;
  if (!Array.isArray(list)) return [];
  const found: OperationError[] = [];
  list.forEach((entry, position) => {
    if (entry === null || entry === undefined) return;
    if (Array.isArray(entry)) {
      const errors = errorItemsOf({ errors: entry });
      if (errors.length > 0) found.push({ index: offset + position, errors });
      return;
    }
    if (typeof entry === "object") {
      const record = entry as Record<string, unknown>;
      const local = typeof record.index === "number" ? record.index : position;
      const errors: ApiErrorItem[] = Array.isArray(record.errors)
        ? errorItemsOf(record)
        : errorItemsOf({ errors: [record] });
      found.push({ index: offset + local, errors });
    }
  });
  return found;
}

async function postChunk(
  client: PostingClient,
  path: string,
  chunk: unknown[],
  offset: number,
  applied: number,
  options: BatchRequestOptions,
): Promise<unknown> {
  const {
    data: text,
    error,
    response,
  } = await (client.POST as unknown as Post)(path, {
    params: options.pathParams ? { path: options.pathParams } : {},
    body: chunk,
    parseAs: "text",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const data = response.ok && error === undefined ? jsonAnswer(text, response, "POST", path) : undefined;
  const body = error ?? data;
  const operationErrors = operationErrorsOf(body, offset);
  if (response.ok && operationErrors.length === 0 && error === undefined) return data;
  const base =
    error instanceof XAdsApiError
      ? error
      : apiErrorFrom(response, "POST", body, parseRateLimit(response.headers), response.url || path);
  const batch = { offset, size: chunk.length, applied };
  const where = `items ${offset} to ${offset + chunk.length - 1}`;
  const before = applied > 0 ? `; items 0 to ${applied - 1} were applied by earlier requests` : "";
  throw new XAdsApiError({
    status: base.status,
    method: "POST",
    path: base.path,
    errors: base.errors,
    operationErrors: [...base.operationErrors, ...operationErrors],
    rateLimit: base.rateLimit,
    body,
    batch,
    message: `${base.message} (batch request with ${where}${before}${operationErrors.length > 0 ? `; item errors at ${operationErrors.map((e) => e.index).join(", ")}` : ""})`,
  });
}

/**
 * Sends a campaign, line-item or custom-audience batch, split into requests of the documented size
 * and sent in order. Resolves to the records of every request, in input order. A failure throws
 * {@link XAdsApiError} with `errors`, `operationErrors` (input indices) and `batch` (what was applied).
 */
export async function sendBatch<Record = unknown>(
  client: PostingClient,
  path: string,
  kind: Exclude<BatchKind, "users"> | BatchLimit,
  operations: readonly BatchOperation[],
  options: BatchRequestOptions = {},
): Promise<Record[]> {
  const records: Record[] = [];
  let offset = 0;
  for (const chunk of splitBatch(operations, kind)) {
    const data = (await postChunk(client, path, chunk, offset, offset, options)) as { data?: unknown } | undefined;
    const items = Array.isArray(data?.data) ? (data.data as Record[]) : [];
    for (const item of items) records.push(item);
    offset += chunk.length;
  }
  return records;
}

/** One operation of a user batch: `params.users` is an array of user elements (hashed identifiers). */
export interface UserBatchOperation {
  operation_type: "Update" | "Delete";
  params: {
    users: readonly { readonly [K in keyof AudienceUser]?: readonly string[] }[];
    effective_at?: string;
    expires_at?: string;
  };
}

export interface UserBatchResult {
  /** Users the API reports as processed, over all requests. */
  successCount: number;
  totalCount: number;
  requests: number;
}

function usersIn(chunk: readonly UserBatchOperation[]): number {
  let users = 0;
  for (const operation of chunk) users += operation.params.users.length;
  return users;
}

/**
 * Sends custom-audience (or do-not-reach) user operations in requests within `BATCH_LIMITS.users` (2,500
 * operations and 5,000,000 bytes in the spec today). The API must report `success_count` and `total_count` equal to the number of users
 * sent; any difference throws {@link XAdsApiError} telling to retry that request.
 */
export async function sendUserBatch(
  client: PostingClient,
  path: string,
  operations: readonly UserBatchOperation[],
  options: BatchRequestOptions = {},
): Promise<UserBatchResult> {
  const result: UserBatchResult = { successCount: 0, totalCount: 0, requests: 0 };
  let offset = 0;
  for (const chunk of splitBatch(operations, "users")) {
    const body = (await postChunk(client, path, chunk, offset, offset, options)) as Record<string, unknown> | undefined;
    const counts = (typeof body?.data === "object" && body.data !== null ? body.data : body) as
      | { success_count?: unknown; total_count?: unknown }
      | undefined;
    const sent = usersIn(chunk);
    const success = counts?.success_count;
    const total = counts?.total_count;
    if (success !== sent || total !== sent) {
      throw new XAdsApiError({
        status: 200,
        method: "POST",
        path,
        body,
        batch: { offset, size: chunk.length, applied: offset },
        message: `POST ${path}: the API reported success_count ${String(success)} and total_count ${String(total)} for ${sent} users sent (operations ${offset} to ${offset + chunk.length - 1}); the counts must match: retry this request`,
      });
    }
    result.successCount += success;
    result.totalCount += total;
    result.requests++;
    offset += chunk.length;
  }
  return result;
}
