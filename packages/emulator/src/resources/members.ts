// User batches (`members`): a JSON array of Update and Delete operations, each with a `users` list,
// on one record (a custom audience, a do-not-reach list). Seed 001 section 7 (3): `success_count` and
// `total_count` both equal the number of user records sent. The identifiers are SHA-256 hashes
// (checked by the validator); matching them to users is not shown, so the emulator keeps no members.
import type { Answer, Call } from "../call.js";
import { findRecord, parentOf } from "./handlers.js";
import { resourceNamed } from "./lookup.js";

interface MemberOperation {
  operation_type: string;
  params?: { users?: unknown[] };
}

export function handleMembers(call: Call): Answer {
  const { operation } = call;
  if (!operation.resource) throw new Error(`${operation.id} has no x-xads-resource`);
  const resource = resourceNamed(operation.resource.name);
  const parentId = parentOf(call, resource);
  findRecord(call, resource, call.path[resource.idParameter] ?? "", parentId);
  const operations = Array.isArray(call.body) ? (call.body as MemberOperation[]) : [];
  const users = operations.reduce((sum, op) => sum + (Array.isArray(op.params?.users) ? op.params.users.length : 0), 0);
  return {
    status: operation.successStatus,
    body: { request: { params: { ...call.path } }, data: { success_count: users, total_count: users } },
  };
}
