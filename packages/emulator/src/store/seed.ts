// The store the emulator starts with: every resource's example records (under the fixture account),
// plus a record from the resource's template for each id an example refers to but none shows, so
// that the spec's examples form one consistent account.
import { resources } from "../generated/index.js";
import { resourceByIdParameter } from "../resources/lookup.js";
import { Store } from "./store.js";

export function seedStore(accountId: string): Store {
  const store = new Store();
  const parentOf = (parent: string | null) => (parent ? accountId : null);
  for (const resource of resources) {
    for (const seed of resource.seeds) store.insert(resource.name, parentOf(resource.parent), structuredClone(seed));
  }
  const ensure = (name: string, id: string) => {
    const target = resources.find((r) => r.name === name);
    if (!target || store.get(target.name, id)) return;
    store.insert(target.name, parentOf(target.parent), { ...structuredClone(target.template), id, deleted: false });
  };
  for (const resource of resources) for (const id of resource.exampleIds) ensure(resource.name, id);
  for (const resource of resources) {
    for (const record of [...store.collection(resource.name).values()]) {
      for (const [field, value] of Object.entries(record.data)) {
        const target = field === resource.idParameter ? undefined : resourceByIdParameter(field);
        if (target && typeof value === "string") ensure(target.name, value);
      }
    }
  }
  return store;
}
