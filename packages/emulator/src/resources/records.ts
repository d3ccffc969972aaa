// Records built and changed from request parameters, field by field as the record schema says: a
// field sent takes its value; on create an unsent field takes its schema default, else null when it
// may be null, else the spec's template value. On update an empty value clears the field (facts
// file: "an optional value is unset by sending the parameter with an empty value").

import { isoSeconds } from "../clock.js";
import { invalid } from "../failure.js";
import type { FieldSpec, ResourceSpec } from "../spec-types.js";
import type { Data } from "../store/data.js";

const SYSTEM_FIELDS = new Set(["id", "created_at", "updated_at", "deleted"]);

/** A time parameter is read as the API reads it (a date alone is midnight UTC) and stored as ISO 8601. */
function fieldValue(field: string, spec: FieldSpec, value: unknown): unknown {
  if (spec.format !== "date-time" || typeof value !== "string") return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalid(field, `${field} is not an ISO 8601 time: ${JSON.stringify(value)}`);
  return isoSeconds(ms);
}

export function buildRecord(resource: ResourceSpec, id: string, params: Data, now: string): Data {
  const record: Data = {};
  for (const [field, spec] of Object.entries(resource.fields)) {
    if (SYSTEM_FIELDS.has(field) || field === resource.key) continue;
    const sent = params[field];
    if (sent !== undefined && sent !== "") record[field] = fieldValue(field, spec, sent);
    else if (spec.default !== undefined) record[field] = structuredClone(spec.default);
    else if (spec.nullable) record[field] = null;
    else if (resource.template[field] !== undefined) record[field] = structuredClone(resource.template[field]);
  }
  // The system fields the record schema has (draft and scheduled posts have no `deleted`).
  const system: Data = { created_at: now, updated_at: now, deleted: false };
  for (const field of Object.keys(system)) if (!(field in resource.fields)) delete system[field];
  return { [resource.key]: id, ...record, ...system };
}

export function applyUpdate(resource: ResourceSpec, current: Data, params: Data, now: string): Data {
  const next: Data = { ...current };
  for (const [field, value] of Object.entries(params)) {
    // Sent names are read as the record's own fields only: `toString` or `constructor` is none of them.
    const spec = Object.hasOwn(resource.fields, field) ? resource.fields[field] : undefined;
    if (!spec || SYSTEM_FIELDS.has(field) || field === resource.idParameter || field === resource.key) continue;
    if (value === "" && spec.type !== "string") {
      if (spec.nullable) next[field] = null;
      else if (spec.default !== undefined) next[field] = structuredClone(spec.default);
      else if (!resource.required.includes(field)) delete next[field];
    } else if (value === "" && spec.nullable) {
      next[field] = null;
    } else {
      next[field] = fieldValue(field, spec, value);
    }
  }
  if ("updated_at" in resource.fields) next.updated_at = now;
  return next;
}
