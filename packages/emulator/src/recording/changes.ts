// The records an exchange created, updated or deleted, read from its answer: a successful create,
// update or delete of a resource (the spec's x-xads-resource) answers the record, and a batch answers
// each item's record with its operation_type. Other writes (uploads, tokens, members) name no record.
import { operations, resources } from "../generated/index.js";
import type { HarEntry } from "./har.js";

export interface StateChange {
  change: "created" | "updated" | "deleted";
  resource: string;
  id: string;
}

const OPERATIONS = new Map(operations.map((operation) => [operation.id, operation]));
const KEYS = new Map(resources.map((resource) => [resource.name, resource.key]));
const BY_ACTION: Record<string, StateChange["change"]> = { create: "created", update: "updated", delete: "deleted" };
const BY_ITEM: Record<string, StateChange["change"]> = { Create: "created", Update: "updated", Delete: "deleted" };

function recordId(record: unknown, key: string): string | undefined {
  const id = typeof record === "object" && record !== null ? (record as Record<string, unknown>)[key] : undefined;
  return typeof id === "string" || typeof id === "number" ? String(id) : undefined;
}

export function changesOf(entry: HarEntry): StateChange[] {
  const resource = OPERATIONS.get(entry._xads?.operationId ?? "")?.resource;
  const { status, content } = entry.response;
  if (!resource || status < 200 || status > 299 || content.text === undefined) return [];
  let body: { data?: unknown; request?: unknown };
  try {
    body = JSON.parse(content.text);
  } catch {
    return [];
  }
  const key = KEYS.get(resource.name) ?? "id";
  const change = BY_ACTION[resource.action];
  if (change) {
    const id = recordId(body.data, key);
    return id === undefined ? [] : [{ change, resource: resource.name, id }];
  }
  if (resource.action !== "batch" || !Array.isArray(body.data) || !Array.isArray(body.request)) return [];
  const items = body.request as { operation_type?: unknown }[];
  return body.data.flatMap((record, index) => {
    const itemChange = BY_ITEM[String(items[index]?.operation_type)];
    const id = recordId(record, key);
    return itemChange && id !== undefined ? [{ change: itemChange, resource: resource.name, id }] : [];
  });
}
