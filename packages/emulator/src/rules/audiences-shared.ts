import type { StoredRecord } from "../store/store.js";
import type { StateRule } from "./rule.js";

const PERMISSIONS = ["custom_audience_permission", "tailored_audience_permission"];

export const audiencesShared: StateRule = {
  name: "a granted account lists the audience with permission_scope=SHARED until the permission is revoked",
  source: "seed 001 section 3 (permission active; permission revoked)",
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
};
