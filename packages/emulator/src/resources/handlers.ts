// Generic create, read, list, update and delete of a resource, from its x-xads-resource data: no code
// per resource. The seeds' rules that need more run as hooks (rules/).
import { type Answer, ApiFailure, type Call, invalid, notFound } from "../call.js";
import { isoSeconds } from "../clock.js";
import { documents } from "../generated/index.js";
import type { RuleContext, StateRule } from "../rules/index.js";
import type { ResourceSpec } from "../spec-types.js";
import { newId } from "../store/ids.js";
import type { Data, StoredRecord } from "../store/store.js";
import { listChildren, listRecords, type Page } from "./list.js";
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
export function missing(resource: ResourceSpec, id: string, asParent = false): ApiFailure {
  const code = `${resource.name.toUpperCase()}_NOT_FOUND`;
  const status = knownCode(resource.document, code);
  const message = `${resource.name} ${id} was not found`;
  if (status && (asParent || status === 404)) return new ApiFailure([{ status, code, message }]);
  return notFound("NOT_FOUND", message);
}

const live = (record: StoredRecord | undefined) => (record && record.field("deleted") !== true ? record : undefined);

/** The parent's id from the path; the parent must exist. */
export function parentOf(call: Call, resource: ResourceSpec): string | null {
  if (!resource.parent) return null;
  const parent = resourceNamed(resource.parent);
  const id = call.path[resource.parentParameter ?? parent.idParameter] ?? "";
  if (!live(call.store.get(parent.name, id))) throw missing(parent, id, true);
  return id;
}

/** Every `<resource>_id` parameter names a live record of that resource under the same parent. */
function checkReferences(call: Call, resource: ResourceSpec, params: Data, parentId: string | null) {
  for (const [name, value] of Object.entries(params)) {
    if (name === resource.idParameter || typeof value !== "string" || value === "") continue;
    const target = resourceByIdParameter(name);
    if (!target || target.name === resource.parent || name === resource.parentParameter) continue;
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
  if (
    !record ||
    (parentId !== null && record.parentId !== parentId) ||
    (!withDeleted && record.field("deleted") === true)
  )
    throw missing(resource, id);
  return record;
}

export const ruleContext = (call: Call, parentId: string | null, params: Data = {}, batch = false): RuleContext => ({
  store: call.store,
  parentId,
  now: call.now,
  path: call.path,
  userId: call.fixture.userId,
  fixtureAccountId: call.fixture.accountId,
  batch,
  params,
});

/** Runs a rule's hook on a write, noting whether it held or refused the change (ApiFailure) when observed. */
function runRule(call: Call, rule: StateRule, hook: () => void): void {
  if (!call.ruleOutcomes) {
    hook();
    return;
  }
  try {
    hook();
    call.ruleOutcomes.push({ ids: rule.implements, name: rule.name, held: true });
  } catch (error) {
    if (error instanceof ApiFailure) call.ruleOutcomes.push({ ids: rule.implements, name: rule.name, held: false });
    throw error;
  }
}

/** The record as answered now: the rules' views of records that time moves on. */
export function view(call: Call, resource: ResourceSpec, data: Data, parentId: string | null): Data {
  let out = data;
  for (const rule of call.rules(resource.name)) if (rule.view) out = rule.view(out, ruleContext(call, parentId));
  return out;
}

/** A record whose id the caller gives (a media library object's `media_key`), else a new one. */
function idFor(call: Call, resource: ResourceSpec, params: Data): string {
  const given = resource.key === "id" ? undefined : params[resource.key];
  if (typeof given === "string") {
    if (call.store.get(resource.name, given)) throw invalid(resource.key, `${resource.key} ${given} is already in use`);
    return given;
  }
  let id = newId(resource.id.shape, resource.id.length, call.store.random);
  while (call.store.get(resource.name, id)) id = newId(resource.id.shape, resource.id.length, call.store.random);
  return id;
}

export function createRecord(
  call: Call,
  resource: ResourceSpec,
  params: Data,
  parentId: string | null,
  batch = false,
): Data {
  checkReferences(call, resource, params, parentId);
  const id = idFor(call, resource, params);
  const record = buildRecord(resource, id, params, isoSeconds(call.now));
  for (const rule of call.rules(resource.name))
    if (rule.create) runRule(call, rule, () => rule.create?.(record, ruleContext(call, parentId, params, batch)));
  call.store.insert(resource.name, parentId, record, resource.key === "id" ? undefined : id);
  return view(call, resource, record, parentId);
}

export function updateRecord(
  call: Call,
  resource: ResourceSpec,
  id: string,
  params: Data,
  parentId: string | null,
  batch = false,
): Data {
  const stored = findRecord(call, resource, id, parentId);
  checkReferences(call, resource, params, parentId);
  const next = applyUpdate(resource, stored.data, params, isoSeconds(call.now));
  for (const rule of call.rules(resource.name))
    if (rule.update)
      runRule(call, rule, () => rule.update?.(next, stored.data, ruleContext(call, parentId, params, batch)));
  call.store.update(stored, next);
  return view(call, resource, next, parentId);
}

/**
 * Soft delete (seed 000 section 3): irreversible, and a repeated DELETE answers 404. A resource declared
 * `delete: hard` (draft posts, poll cards: seed 002 section 3) is removed for good and answered once.
 */
export function deleteRecord(
  call: Call,
  resource: ResourceSpec,
  id: string,
  parentId: string | null,
  batch = false,
): Data {
  const stored = findRecord(call, resource, id, parentId);
  const next: Data = { ...view(call, resource, stored.data, parentId) };
  if ("deleted" in resource.fields) next.deleted = true;
  if ("updated_at" in resource.fields) next.updated_at = isoSeconds(call.now);
  for (const rule of call.rules(resource.name))
    if (rule.delete) runRule(call, rule, () => rule.delete?.(next, ruleContext(call, parentId, {}, batch)));
  if (resource.delete === "hard") call.store.remove(resource.name, id);
  else call.store.update(stored, next);
  return next;
}

/** The parameters that set record fields: a JSON body's, the query's and the path's, not the record's own id. */
function fieldParams(call: Call, resource: ResourceSpec): Data {
  const body = typeof call.body === "object" && call.body !== null && !Array.isArray(call.body) ? call.body : {};
  const params: Data = { ...body, ...call.query };
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
      : { status: operation.successStatus, body: { request, data: operation.envelope === "array" ? [data] : data } };

  switch (operation.resource.action) {
    case "get": {
      const withDeleted = paramOrDefault(call.query, operation.parameters, "with_deleted") === true;
      return single(view(call, resource, findRecord(call, resource, id, parentId, withDeleted).data, parentId));
    }
    case "list": {
      const hooks = call.rules(resource.name).filter((rule) => rule.list);
      let page: Page;
      if (parentId !== null && hooks.length === 0) {
        page = listChildren(call.store.children(resource.name, parentId), resource, operation, call.query);
      } else {
        let all: StoredRecord[] =
          parentId === null
            ? [...call.store.collection(resource.name).values()]
            : [...call.store.children(resource.name, parentId)];
        for (const rule of hooks) if (rule.list) all = rule.list(all, call.query, ruleContext(call, parentId));
        page = listRecords(all, resource, operation, call.query);
      }
      // Filters and pages read stored fields; only the page's records are turned into their views.
      const withTotal = paramOrDefault(call.query, operation.parameters, "with_total_count") === true;
      return {
        status: operation.successStatus,
        body: {
          request,
          next_cursor: page.nextCursor,
          data: page.data.map((r) => view(call, resource, r.data, parentId)),
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
