import type { Client, MaybeOptionalInit } from "openapi-fetch";
import { apiErrorFrom, jsonAnswer, XAdsApiError } from "./errors.js";
import { parseRateLimit } from "./rate-limit.js";

type JsonBodyOf<Operation> = Operation extends { responses: { 200: { content: { "application/json": infer Body } } } }
  ? Body
  : never;

/** The paths of a document whose GET answers a list envelope (`data` array and `next_cursor`). */
export type ListPath<Paths> = {
  [P in keyof Paths]: Paths[P] extends { get: infer Operation }
    ? JsonBodyOf<Operation> extends { data: readonly unknown[]; next_cursor: unknown }
      ? P
      : never
    : never;
}[keyof Paths] &
  string;

/** The record type of a list path. */
export type ListRecord<Paths, P extends keyof Paths> = Paths[P] extends { get: infer Operation }
  ? JsonBodyOf<Operation> extends { data: readonly (infer Item)[] }
    ? Item
    : never
  : never;

export interface PageOptions {
  /** Stop after this many records in all (the `count` query parameter sets the page size). */
  limit?: number;
}

type PaginateArgs<Init> = undefined extends Init
  ? [init?: NonNullable<Init> & PageOptions]
  : [init: Init & PageOptions];

interface ListEnvelope {
  data?: unknown[];
  next_cursor?: string | null;
}

/**
 * Iterates over every record of a list operation: sends the request, yields the records of `data`, and
 * follows `next_cursor` (as `cursor`) until it is null, keeping `count` and the other parameters on
 * every page. Errors are thrown as {@link XAdsApiError}.
 *
 * ```ts
 * for await (const account of paginate(ads, "/12/accounts", { params: { query: { count: 200 } } })) { ... }
 * ```
 */
export async function* paginate<Paths extends {}, P extends ListPath<Paths>>(
  client: Client<Paths>,
  path: P,
  ...args: PaginateArgs<MaybeOptionalInit<Paths[P], "get" & keyof Paths[P]>>
): AsyncGenerator<ListRecord<Paths, P>, void, undefined> {
  const init = (args[0] ?? {}) as { params?: { query?: Record<string, unknown> }; limit?: number };
  const { limit, ...request } = init;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new RangeError(`paginate: limit must be a positive integer (got ${limit})`);
  }
  const get = client.GET as unknown as (
    path: string,
    init: unknown,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  let cursor: string | undefined;
  let yielded = 0;
  for (;;) {
    const query: Record<string, unknown> = { ...request.params?.query };
    if (cursor !== undefined) {
      query.cursor = cursor;
      // `with_total_count` and `cursor` exclude each other; the total came with the first page.
      delete query.with_total_count;
    }
    const { data, error, response } = await get(path, {
      ...request,
      params: { ...request.params, query },
      parseAs: "text",
    });
    if (!response.ok || error !== undefined) {
      if (error instanceof XAdsApiError) throw error;
      throw apiErrorFrom(response, "GET", error, parseRateLimit(response.headers), response.url || path);
    }
    const page = jsonAnswer(data, response, "GET", path) as ListEnvelope | undefined;
    if (!Array.isArray(page?.data)) {
      throw new XAdsApiError({
        status: response.status,
        method: "GET",
        path,
        message: `GET ${path}: the answer is not a list envelope (no data array)`,
      });
    }
    for (const record of page.data) {
      yield record as ListRecord<Paths, P>;
      yielded++;
      if (limit !== undefined && yielded >= limit) return;
    }
    const next = page.next_cursor;
    if (next === null || next === undefined || next === "") return;
    if (next === cursor) {
      throw new XAdsApiError({
        status: response.status,
        method: "GET",
        path,
        message: `GET ${path}: next_cursor repeats the cursor just sent (${next}); stopping to avoid a loop`,
      });
    }
    cursor = next;
  }
}
