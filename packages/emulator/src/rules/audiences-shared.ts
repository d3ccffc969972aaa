import type { Data, StoredRecord } from "../store/store.js";
import type { StateRule } from "./rule.js";

const PERMISSIONS = ["custom_audience_permission", "tailored_audience_permission"];

export const audiencesShared: StateRule = {
  implements: ["permission-grant-revoke"],
  name: "a granted account lists the audience with permission_scope=SHARED until the permission is revoked; is_owner tells the owner",
  source:
    "seed 001 section 3 (permission active; permission revoked), section 2.1 (is_owner on read and update responses)",
  resources: ["custom_audience"],
  list(records, query, context) {
    if (query.permission_scope !== "SHARED") return records;
    const shared = new Set<string>();
    for (const name of PERMISSIONS)
      for (const permission of context.store.collection(name).values())
        if (permission.data.deleted !== true && permission.data.granted_account_id === context.parentId)
          shared.add(String(permission.parentId));
    const out: StoredRecord[] = [];
    for (const id of shared) {
      const audience = context.store.get("custom_audience", id);
      if (audience && audience.parentId !== context.parentId) out.push(audience);
    }
    return out;
  },
  /** is_owner: the account in the path owns the audience (false for one shared with it). */
  view(record: Data, context) {
    const owner = context.store.get("custom_audience", String(record.id))?.parentId ?? record.owner_account_id;
    const reader = context.path.account_id ?? context.parentId;
    return { ...record, is_owner: owner === reader };
  },
};
