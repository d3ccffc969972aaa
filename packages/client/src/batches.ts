import type { Ads } from "@xads/types";
import { type BatchPath, batchLimits, batchPaths } from "@xads/types/facts";
import {
  type ApiErrorItem,
  apiErrorFrom,
  errorItemsOf,
  jsonAnswer,
  type OperationError,
  XAdsApiError,
} from "./errors.js";
import { parseRateLimit } from "./rate-limit.js";

export type { BatchPath } from "@xads/types/facts";

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
 * request body's `maxItems` and its `max-body-bytes` rule) for the batch path of each kind. Kept for
 * compatibility: {@link sendBatch} and {@link sendUserBatch} take the limits of the path they send to.
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

// ---- Types by batch path, read from the ads document's `paths` ----

type PostOf<P extends BatchPath> = Ads.paths[P] extends { post: infer Operation } ? Operation : never;

type RequestItemOf<Operation> = Operation extends {
  requestBody: { content: { "application/json": readonly (infer Item)[] } };
}
  ? Item
  : never;

type SuccessDataOf<Operation> = Operation extends {
  responses: { 200: { content: { "application/json": { data: infer Data } } } };
}
  ? Data
  : never;

/** One item of the request body of a batch path (for example the ads document's `CampaignBatchItem`). */
export type BatchItem<P extends BatchPath> = RequestItemOf<PostOf<P>>;

/**
 * One record of the success answer's `data` of a batch path: the created, updated or deleted record
 * (`Campaign`, `LineItem`, `CustomAudience`), or the counts of a user batch (`UserBatchResult`).
 */
export type BatchRecord<P extends BatchPath> =
  SuccessDataOf<PostOf<P>> extends readonly (infer Record)[] ? Record : SuccessDataOf<PostOf<P>>;

/** The batch paths whose items carry users (`params.users`): custom-audience and do-not-reach user batches. */
export type UserBatchPath = {
  [P in BatchPath]: BatchItem<P> extends { params: { users: readonly unknown[] } } ? P : never;
}[BatchPath];

/** The batch paths that create, update or delete records (campaigns, line items, custom audiences). */
export type RecordBatchPath = Exclude<BatchPath, UserBatchPath>;

/** The path parameters of a batch path, for example `{ account_id: string }`. */
export type BatchPathParams<P extends BatchPath> =
  PostOf<P> extends { parameters: { path: infer Params } } ? Params : never;

/** What a batch helper accepts for an item: the spec's item type, arrays and objects possibly read-only. */
export type BatchInput<T> = T extends readonly (infer E)[]
  ? readonly BatchInput<E>[]
  : T extends object
    ? { readonly [K in keyof T]: BatchInput<T[K]> }
    : T;

/** The user batch paths, checked against the types: every {@link UserBatchPath}, nothing else. */
const USER_BATCH_PATHS = {
  "/12/accounts/{account_id}/custom_audiences/{custom_audience_id}/users": true,
  "/12/batch/accounts/{account_id}/do_not_reach_lists/{do_not_reach_list_id}/users": true,
} as const satisfies Record<UserBatchPath, true>;

function isBatchPath(path: unknown): path is BatchPath {
  return typeof path === "string" && Object.hasOwn(batchLimits, path);
}

function isUserBatchPath(path: BatchPath): path is UserBatchPath {
  return Object.hasOwn(USER_BATCH_PATHS, path);
}

/** The limits of a batch path, from the spec (`batchLimits` of `@xads/types/facts`). */
export function batchLimitOf(path: BatchPath): BatchLimit {
  if (!isBatchPath(path))
    throw new TypeError(`not a batch path of the spec: ${String(path)} (batch paths: ${batchPaths.join(", ")})`);
  const limit: { items: number; bytes?: number } = batchLimits[path];
  return limit.bytes === undefined ? { items: limit.items } : { items: limit.items, bytes: limit.bytes };
}

/** One item of a batch request. @deprecated Use {@link BatchItem} of the batch path. */
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

export interface BatchRequestOptions<P extends BatchPath = BatchPath> {
  /** Path parameters of the batch path, for example `{ account_id: "18ce54d4x5t" }`. */
  pathParams: BatchPathParams<P>;
  signal?: AbortSignal;
}

const encoder = new TextEncoder();

function limitOf(kind: BatchKind | BatchLimit | BatchPath): BatchLimit {
  if (typeof kind === "object") return kind;
  if (isBatchPath(kind)) return batchLimitOf(kind);
  const limit = Object.hasOwn(BATCH_LIMITS, kind) ? BATCH_LIMITS[kind as BatchKind] : undefined;
  if (!limit)
    throw new TypeError(
      `batch kind must be one of ${Object.keys(BATCH_LIMITS).join(", ")} or a batch path (got ${String(kind)})`,
    );
  return limit;
}

/**
 * Splits items into consecutive requests that respect the item and byte limits of `kind` (a batch kind, a
 * batch path of the spec, or explicit limits), keeping order. Throws when one item alone exceeds the byte limit.
 */
export function splitBatch<T>(items: readonly T[], kind: BatchKind | BatchLimit | BatchPath): T[][] {
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
  options: Partial<BatchRequestOptions>,
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

function checkedPath(path: unknown, helper: "sendBatch" | "sendUserBatch"): BatchPath {
  if (!isBatchPath(path))
    throw new TypeError(
      `${helper}: not a batch path of the spec: ${String(path)} (batch paths: ${batchPaths.join(", ")})`,
    );
  if (isUserBatchPath(path) !== (helper === "sendUserBatch"))
    throw new TypeError(
      `${helper}: ${path} is a ${isUserBatchPath(path) ? "user" : "record"} batch path: use ${isUserBatchPath(path) ? "sendUserBatch" : "sendBatch"}`,
    );
  return path;
}

/** The stricter of two limits. */
function within(limit: BatchLimit, bound: BatchLimit): BatchLimit {
  const items = Math.min(limit.items, bound.items);
  const bytes =
    limit.bytes === undefined
      ? bound.bytes
      : bound.bytes === undefined
        ? limit.bytes
        : Math.min(limit.bytes, bound.bytes);
  return bytes === undefined ? { items } : { items, bytes };
}

/**
 * Sends a campaign, line-item or custom-audience batch, split into requests of the spec's size for `path`
 * (`batchLimits[path]` of `@xads/types/facts`) and sent in order. The items are the path's request body
 * items, the result its answer's `data` records, of every request, in input order. A failure throws
 * {@link XAdsApiError} with `errors`, `operationErrors` (input indices) and `batch` (what was applied).
 *
 * ```ts
 * const created = await sendBatch(ads, "/12/batch/accounts/{account_id}/campaigns", operations, {
 *   pathParams: { account_id: "18ce54d4x5t" },
 * }); // Campaign[]
 * ```
 */
export function sendBatch<P extends RecordBatchPath>(
  client: PostingClient,
  path: P,
  operations: readonly BatchInput<BatchItem<P>>[],
  options: BatchRequestOptions<P>,
): Promise<BatchRecord<P>[]>;
/**
 * As above, with the limits of a batch kind (or explicit limits), never above the path's own.
 * @deprecated The path gives the limits: leave `kind` out.
 */
export function sendBatch<P extends RecordBatchPath>(
  client: PostingClient,
  path: P,
  kind: Exclude<BatchKind, "users"> | BatchLimit,
  operations: readonly BatchInput<BatchItem<P>>[],
  options: BatchRequestOptions<P>,
): Promise<BatchRecord<P>[]>;
export async function sendBatch(
  client: PostingClient,
  path: RecordBatchPath,
  ...rest: [unknown, unknown?, unknown?]
): Promise<unknown[]> {
  const checked = checkedPath(path, "sendBatch");
  const legacy = !Array.isArray(rest[0]);
  const limit = legacy
    ? within(limitOf(rest[0] as Exclude<BatchKind, "users"> | BatchLimit), batchLimitOf(checked))
    : batchLimitOf(checked);
  const operations = (legacy ? rest[1] : rest[0]) as readonly unknown[];
  const options = ((legacy ? rest[2] : rest[1]) ?? {}) as Partial<BatchRequestOptions>;
  const records: unknown[] = [];
  let offset = 0;
  for (const chunk of splitBatch(operations, limit)) {
    const data = (await postChunk(client, checked, chunk, offset, offset, options)) as { data?: unknown } | undefined;
    const items = Array.isArray(data?.data) ? data.data : [];
    for (const item of items) records.push(item);
    offset += chunk.length;
  }
  return records;
}

/** One operation of a user batch: `params.users` is an array of user elements (hashed identifiers). */
export type UserBatchOperation<P extends UserBatchPath = UserBatchPath> = BatchItem<P>;

/** The summed counts of a user batch over all its requests. */
export interface UserBatchResult<P extends UserBatchPath = UserBatchPath> {
  /** Users the API reports as processed, over all requests. */
  successCount: number;
  totalCount: number;
  requests: number;
  /**
   * The `data` records of every answer, in order, as the spec types them (`success_count`, `total_count`):
   * one per request for custom-audience users, one per operation for the do-not-reach list.
   */
  results: BatchRecord<P>[];
}

function usersIn(chunk: readonly unknown[]): number {
  let users = 0;
  for (const operation of chunk) {
    const list = (operation as { params?: { users?: unknown } } | null)?.params?.users;
    users += Array.isArray(list) ? list.length : 0;
  }
  return users;
}

/** The count records of a user batch answer: `data` as one record or a list of them (or the body itself). */
function countsOf(body: unknown): unknown[] {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (Array.isArray(data)) return data;
  if (typeof data === "object" && data !== null) return [data];
  return body === undefined || body === null ? [] : [body];
}

function sumOf(records: readonly unknown[], key: "success_count" | "total_count"): number | undefined {
  let sum = 0;
  for (const record of records) {
    const value = (record as Record<string, unknown> | null)?.[key];
    if (typeof value !== "number") return undefined;
    sum += value;
  }
  return records.length > 0 ? sum : undefined;
}

/**
 * Sends custom-audience or do-not-reach user operations in requests within the spec's limits for `path`
 * (`batchLimits[path]`: 2,500 operations and 5,000,000 bytes today). The API must report `success_count`
 * and `total_count` equal to the number of users sent; any difference throws {@link XAdsApiError} telling
 * to retry that request.
 */
export async function sendUserBatch<P extends UserBatchPath>(
  client: PostingClient,
  path: P,
  operations: readonly BatchInput<BatchItem<P>>[],
  options: BatchRequestOptions<P>,
): Promise<UserBatchResult<P>> {
  const checked = checkedPath(path, "sendUserBatch");
  const result: UserBatchResult<P> = { successCount: 0, totalCount: 0, requests: 0, results: [] };
  let offset = 0;
  for (const chunk of splitBatch(operations, batchLimitOf(checked))) {
    const body = await postChunk(
      client,
      checked,
      chunk,
      offset,
      offset,
      (options ?? {}) as Partial<BatchRequestOptions>,
    );
    const counts = countsOf(body);
    const sent = usersIn(chunk);
    const success = sumOf(counts, "success_count");
    const total = sumOf(counts, "total_count");
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
    for (const record of counts) result.results.push(record as BatchRecord<P>);
    offset += chunk.length;
  }
  return result;
}
