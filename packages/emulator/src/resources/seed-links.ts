// The fixture's records of resources the seeding knows only by `id` under the account: a record whose
// id is another field (a media library object's `media_key`) gets that field, and a record nested
// under another resource (a permission under its audience) moves under the record its parent field
// names, so the spec's examples form one consistent account.
import { resources } from "../generated/index.js";
import type { Store } from "../store/store.js";
import { resourceNamed } from "./lookup.js";

export function linkSeeds(store: Store): Store {
  for (const resource of resources) {
    const collection = store.collection(resource.name);
    if (resource.key !== "id") {
      for (const [id, record] of collection) {
        record.key = id;
        if (record.field("id") !== undefined) {
          const data = { ...record.data, [resource.key]: id };
          delete data.id;
          record.data = data;
        }
      }
    }
    if (!resource.parent) continue;
    const parent = resourceNamed(resource.parent);
    if (!parent.parent) continue;
    const field = resource.parentParameter ?? parent.idParameter;
    for (const record of collection.values()) {
      const parentId = record.field(field);
      if (typeof parentId === "string") store.reparent(resource.name, record, parentId);
    }
  }
  return store;
}
