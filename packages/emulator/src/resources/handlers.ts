// Generic create, read, list, update and delete of a resource, from its x-xads-resource data: no code
// per resource. The seeds' rules that need more run as hooks (rules/).
import { type Answer, ApiFailure, type Call, invalid, notFound } from "../call.js";
import { isoSeconds } from "../clock.js";
import { documents } from "../generated/index.js";
import { type RuleContext, rulesFor } from "../rules/index.js";
import type { ResourceSpec } from "../spec-types.js";
import { newId } from "../store/ids.js";
import type { Data, StoredRecord } from "../store/store.js";
import { listRecords } from "./list.js";
import { resourceByIdParameter, resourceNamed } from "./lookup.js";
import { paramOrDefault } from "./params.js";
import { applyUpdate, buildRecord } from "./records.js";

function knownCode(document: string, code: string): number | undefined {
  return documents.find((d) => d.name === document)?.errorCodes[code];
}

/**
 * `<RESOURCE>_NOT_FOUND` where the API knows that code: a missing record is 404 (facts file: a deleted
 * record reads as 404), a missing parent takes the code's own status (403 ACCOUNT_NOT_FOUND).
 */
function missing(resource: ResourceSpec, id: string, asParent = false): ApiFailure {
  const code = `${resource.name.toUpperCase()}_NOT_FOUND`;
  const status = knownCode(resource.document, code);
  const message = `${resource.name} ${id} was not found`;
  if (status && (asParent || status === 404)) return new ApiFailure([{ status, code, message }]);
  return notFound("NOT_FOUND", message);
}

const live = (record: StoredRecord | undefined) => (record && record.data.deleted !== true ? record : undefined);

/** The parent's id from the path; the parent must exist. */
export function parentOf(call: Call, resource: ResourceSpec): string | null {
  if (!resource.parent) return null;
  const parent = resourceNamed(resource.parent);
  const id = call.path[parent.idParameter] ?? "";
  if (!live(call.store.get(parent.name, id))) throw missing(parent, id, true);
  return id;
}

/** Every `<resource>_id` parameter names a live record of that resource under the same parent. */
function checkReferences(call: Call, resource: ResourceSpec, params: Data, parentId: string | null) {
  for (const [name, value] of Object.entries(params)) {
    if (name === resource.idParameter || typeof value !== "string" || value === "") continue;
    const target = resourceByIdParameter(name);
    if (!target || target.name === resource.parent) continue;
    const record = live(call.store.get(target.name, value));
    if (!record || (parentId !== null && record.parentId !== parentId && target.parent === resource.parent)) {
      // The API's own code where it has one: INVALID_FUNDING_INSTRUMENT (400), CAMPAIGN_NOT_FOUND (404).
      const invalidCode = `INVALID_${target.name.toUpperCase()}`;
      if (knownCode(resource.document, invalidCode))
        throw invalid(name, `${target.name} ${value} was not found`, invalidCode);
      const failure = missing(target, value);
      for (const error of failure.errors) error.parameter = name;
      throw failure;
    }
  }
}

export function findRecord(
  call: Call,
  resource: ResourceSpec,
  id: string,
  parentId: string | null,
  withDeleted = false,
) {
  const record = call.store.get(resource.name, id);
  if (!record || (parentId !== null && record.parentId !== parentId) || (!withDeleted && record.data.deleted === true))
    throw missing(resource, id);
  return record;
}

const context = (call: Call, parentId: string | null): RuleContext => ({ store: call.store, parentId, now: call.now });

export function createRecord(call: Call, resource: ResourceSpec, params: Data, parentId: string | null): Data {
  checkReferences(call, resource, params, parentId);
  let id = newId(resource.id.shape, resource.id.length, call.store.random);
  while (call.store.get(resource.name, id)) id = newId(resource.id.shape, resource.id.length, call.store.random);
  const record = buildRecord(resource, id, params, isoSeconds(call.now));
  for (const rule of rulesFor(resource.name)) rule.create?.(record, context(call, parentId));
  call.store.insert(resource.name, parentId, record);
  return record;
}

export function updateRecord(
  call: Call,
  resource: ResourceSpec,
  id: string,
  params: Data,
  parentId: string | null,
): Data {
  const stored = findRecord(call, resource, id, parentId);
  checkReferences(call, resource, params, parentId);
  const next = applyUpdate(resource, stored.data, params, isoSeconds(call.now));
  for (const rule of rulesFor(resource.name)) rule.update?.(next, stored.data, context(call, parentId));
  call.store.update(stored, next);
  return next;
}

/** Soft delete (seed 000 section 3): irreversible, and a repeated DELETE answers 404. */
export function deleteRecord(call: Call, resource: ResourceSpec, id: string, parentId: string | null): Data {
  const stored = findRecord(call, resource, id, parentId);
  const next = { ...stored.data, deleted: true, updated_at: isoSeconds(call.now) };
  for (const rule of rulesFor(resource.name)) rule.delete?.(next, context(call, parentId));
  call.store.update(stored, next);
  return next;
}

/** The parameters that set record fields: the query's and the path's, but not the record's own id. */
function fieldParams(call: Call, resource: ResourceSpec): Data {
  const params: Data = { ...call.query };
  for (const [name, value] of Object.entries(call.path)) if (name !== resource.idParameter) params[name] = value;
  return params;
}

export function handleResource(call: Call): Answer {
  const { operation } = call;
  if (!operation.resource) throw new Error(`${operation.id} has no x-xads-resource`);
  const resource = resourceNamed(operation.resource.name);
  const parentId = parentOf(call, resource);
  const request = { params: { ...call.path, ...call.query } };
  const id = call.path[resource.idParameter] ?? "";
  const single = (data: Data): Answer =>
    operation.envelope === "list"
      ? { status: operation.successStatus, body: { request, next_cursor: null, data: [data] } }
      : { status: operation.successStatus, body: { request, data } };

  switch (operation.resource.action) {
    case "get": {
      const withDeleted = paramOrDefault(call.query, operation.parameters, "with_deleted") === true;
      return single(findRecord(call, resource, id, parentId, withDeleted).data);
    }
    case "list": {
      const all = [...call.store.collection(resource.name).values()].filter(
        (r) => parentId === null || r.parentId === parentId,
      );
      const page = listRecords(all, resource, operation, call.query);
      const withTotal = paramOrDefault(call.query, operation.parameters, "with_total_count") === true;
      return {
        status: operation.successStatus,
        body: {
          request,
          next_cursor: page.nextCursor,
          data: page.data.map((r) => r.data),
          ...(withTotal ? { total_count: page.totalCount } : {}),
        },
      };
    }
    case "create":
      return single(call.store.transaction(() => createRecord(call, resource, fieldParams(call, resource), parentId)));
    case "update":
      return single(
        call.store.transaction(() => updateRecord(call, resource, id, fieldParams(call, resource), parentId)),
      );
    case "delete":
      return single(call.store.transaction(() => deleteRecord(call, resource, id, parentId)));
    default:
      throw new Error(`${operation.id}: action ${operation.resource.action} has no generic handler`);
  }
}
