// Lists the API's way (seed 000 section 2.2): filters, `with_deleted`, `with_draft`, `q` (name prefix,
// case-insensitive), id filters, `sort_by`, and pages of `count` records that follow an opaque cursor
// until `next_cursor` is null. Pages are keyed on (sort value, insertion order), so records inserted
// while a client pages neither repeat nor push others off a page.
import { base64Url, fromBase64, utf8Bytes, utf8Text } from "../bytes.js";
import { invalid } from "../call.js";
import type { OperationSpec, ResourceSpec } from "../spec-types.js";
import { firstAfter, type StoredRecord } from "../store/store.js";
import { paramOrDefault } from "./params.js";

/** A record's place in a list: its sort value (read once per list, not per comparison), then its insertion. */
interface SortKey {
  value: unknown;
  seq: number;
}

interface CursorKey {
  sort: string;
  value: unknown;
  seq: number;
}

const encodeCursor = (key: CursorKey) => base64Url(utf8Bytes(JSON.stringify([key.sort, key.value, key.seq])));

function decodeCursor(cursor: string, sort: string): CursorKey {
  try {
    const [sortBy, value, seq] = JSON.parse(utf8Text(fromBase64(cursor)));
    if (sortBy === sort && typeof seq === "number") return { sort, value, seq };
  } catch {}
  throw invalid("cursor", `Invalid cursor ${cursor}`);
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** The record field a list filter reads: `<field>s` or `<field>` (the id parameter reads the id). */
function filterField(name: string, resource: ResourceSpec): string | undefined {
  for (const field of [name.endsWith("s") ? name.slice(0, -1) : name, name]) {
    if (field === resource.idParameter) return resource.key;
    if (field in resource.fields && !NOT_FILTERS.has(field)) return field;
  }
  return undefined;
}

const NOT_FILTERS = new Set(["name", "deleted", "count", "cursor"]);

/** Id filters (`campaign_ids`), enum filters (`creative_types`) and field equality (`user_id`). */
function matchesFilters(record: StoredRecord, resource: ResourceSpec, query: Record<string, unknown>): boolean {
  for (const [name, value] of Object.entries(query)) {
    if (value === "" || value === undefined) continue;
    const field = filterField(name, resource);
    if (!field) continue;
    const actual = record.field(field);
    const wanted = Array.isArray(value) ? value : [value];
    const values = Array.isArray(actual) ? actual : [actual];
    if (!values.some((v) => wanted.includes(v))) return false;
  }
  const q = query.q;
  if (typeof q === "string" && q !== "") {
    const name = record.field("name");
    if (typeof name !== "string" || !name.toLowerCase().startsWith(q.toLowerCase())) return false;
  }
  return true;
}

/** Which records a list shows: deleted ones only with `with_deleted`, drafts only with `with_draft`. */
function shownBy(operation: OperationSpec, query: Record<string, unknown>): (record: StoredRecord) => boolean {
  const withDeleted = paramOrDefault(query, operation.parameters, "with_deleted") === true;
  const draftAware = operation.parameters.some((p) => p.name === "with_draft");
  const withDraft = paramOrDefault(query, operation.parameters, "with_draft") === true;
  return (r) =>
    (withDeleted || r.field("deleted") !== true) && (!draftAware || withDraft || r.field("entity_status") !== "DRAFT");
}

/** `count`, else the operation's default page size. */
function pageSize(operation: OperationSpec, query: Record<string, unknown>): number {
  return Number(paramOrDefault(query, operation.parameters, "count") ?? operation.count?.default ?? 200);
}

export interface Page {
  data: StoredRecord[];
  nextCursor: string | null;
  totalCount: number;
}

export function listRecords(
  records: Iterable<StoredRecord>,
  resource: ResourceSpec,
  operation: OperationSpec,
  query: Record<string, unknown>,
): Page {
  const shown = shownBy(operation, query);
  const sortBy = typeof query.sort_by === "string" ? query.sort_by : "";
  const [, attribute = "", direction = "asc"] = /^(.*)-(asc|desc)$/.exec(sortBy) ?? [];
  if (sortBy && !(attribute in resource.fields)) throw invalid("sort_by", `Cannot sort by ${attribute}`);
  const sign = direction === "desc" ? -1 : 1;
  const sortValue = (record: StoredRecord) => (attribute ? record.field(attribute) : undefined);
  const order = (a: SortKey, b: SortKey) => (attribute ? sign * compareValues(a.value, b.value) : 0) || a.seq - b.seq;

  const matching = [...records]
    .filter((r) => shown(r) && matchesFilters(r, resource, query))
    .map((record): SortKey & { record: StoredRecord } => ({ record, value: sortValue(record), seq: record.seq }));
  if (attribute) matching.sort(order);
  const count = pageSize(operation, query);
  let start = 0;
  if (typeof query.cursor === "string") {
    const key = decodeCursor(query.cursor, sortBy);
    const after = { value: attribute ? key.value : undefined, seq: key.seq };
    start = matching.findIndex((r) => order(r, after) > 0);
    if (start < 0) start = matching.length;
  }
  const data = matching.slice(start, start + count).map((r) => r.record);
  const last = data[data.length - 1];
  const more = start + count < matching.length;
  return {
    data,
    nextCursor:
      more && last ? encodeCursor({ sort: sortBy, value: attribute ? sortValue(last) : null, seq: last.seq }) : null,
    totalCount: matching.length,
  };
}

/** Whether a list request filters by ids, enums, fields or `q` (beyond deleted and draft records). */
function filters(resource: ResourceSpec, query: Record<string, unknown>): boolean {
  for (const [name, value] of Object.entries(query)) {
    if (value !== "" && value !== undefined && filterField(name, resource)) return true;
  }
  return typeof query.q === "string" && query.q !== "";
}

/**
 * A page of a parent's records (in sequence order): read from the cursor's place, `count` records and
 * one more to know whether a next page exists, so a page costs the same whatever the list's length.
 * Sorting, filters and `with_total_count` read the whole list (listRecords).
 */
export function listChildren(
  records: readonly StoredRecord[],
  resource: ResourceSpec,
  operation: OperationSpec,
  query: Record<string, unknown>,
): Page {
  const sorted = typeof query.sort_by === "string" && query.sort_by !== "";
  const withTotal = paramOrDefault(query, operation.parameters, "with_total_count") === true;
  if (sorted || withTotal || filters(resource, query)) return listRecords(records, resource, operation, query);
  const shown = shownBy(operation, query);
  const count = pageSize(operation, query);
  let index = 0;
  if (typeof query.cursor === "string") index = firstAfter(records, decodeCursor(query.cursor, "").seq);
  const data: StoredRecord[] = [];
  let more = false;
  for (; index < records.length; index++) {
    const record = records[index] as StoredRecord;
    if (!shown(record)) continue;
    if (data.length === count) {
      more = true;
      break;
    }
    data.push(record);
  }
  const last = data[data.length - 1];
  return {
    data,
    nextCursor: more && last ? encodeCursor({ sort: "", value: null, seq: last.seq }) : null,
    totalCount: data.length,
  };
}
