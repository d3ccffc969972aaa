// Records in memory, per resource, in insertion order. Each record keeps its sequence number (the
// stable list order) and its parent's id; each parent's records are also kept in sequence order, so a
// page of a list starts where its cursor points instead of scanning the collection. Mutations inside
// `transaction` are undone when it throws, which makes batches atomic. A resource's records are held
// in its compact layout (layout.ts), whose base is the record a create without parameters builds.
import { resources } from "../generated/index.js";
import { buildRecord } from "../resources/records.js";
import type { Data } from "./data.js";
import { RecordLayout } from "./layout.js";
import { StoredRecord } from "./record.js";

export { StoredRecord };

/** The field holding each resource's id when it is not `id` (a media library object's `media_key`). */
export const KEY_FIELDS: ReadonlyMap<string, string> = new Map(
  resources.filter((r) => r.key !== "id").map((r) => [r.name, r.key]),
);
const RESOURCES = new Map(resources.map((r) => [r.name, r]));
const LAYOUTS = new Map<string, RecordLayout | undefined>();

/** A resource's record layout (built once); none for a collection that is not a resource of the spec. */
function layoutOf(resource: string): RecordLayout | undefined {
  if (!LAYOUTS.has(resource)) {
    const spec = RESOURCES.get(resource);
    LAYOUTS.set(resource, spec && RecordLayout.of(buildRecord(spec, "", {}, "")));
  }
  return LAYOUTS.get(resource);
}

export type { Data };

/** A record as a snapshot holds it. */
export interface SavedRecord {
  seq: number;
  parentId: string | null;
  data: Data;
  /** The record's id when it is not `data.id` (a media library object's `media_key`). */
  key?: string;
}

export interface StoreState {
  seq: number;
  random: { seed: number };
  records: Record<string, SavedRecord[]>;
}

const NO_RECORDS: readonly StoredRecord[] = Object.freeze([]);

export class Store {
  private seq = 0;
  readonly random = { seed: 0x2545f491 };
  private readonly collections = new Map<string, Map<string, StoredRecord>>();
  /** Per resource, per parent id: the records in sequence order. */
  private readonly byParent = new Map<string, Map<string | null, StoredRecord[]>>();
  private undo: Array<() => void> | undefined;

  /** A parent's records of a resource, in sequence order (read only; reading creates nothing). */
  children(resource: string, parentId: string | null): readonly StoredRecord[] {
    return this.byParent.get(resource)?.get(parentId) ?? NO_RECORDS;
  }

  private siblings(resource: string, parentId: string | null): StoredRecord[] {
    let parents = this.byParent.get(resource);
    if (!parents) {
      parents = new Map();
      this.byParent.set(resource, parents);
    }
    let list = parents.get(parentId);
    if (!list) {
      list = [];
      parents.set(parentId, list);
    }
    return list;
  }

  /** Adds a record to its parent's list, in sequence order (an insert appends; an undo puts it back). */
  private link(resource: string, record: StoredRecord): void {
    const list = this.siblings(resource, record.parentId);
    if (list.length === 0 || (list[list.length - 1] as StoredRecord).seq < record.seq) list.push(record);
    else list.splice(firstAfter(list, record.seq - 1), 0, record);
  }

  private unlink(resource: string, record: StoredRecord): void {
    const list = this.byParent.get(resource)?.get(record.parentId);
    if (!list) return;
    const index = firstAfter(list, record.seq - 1);
    if (list[index] === record) list.splice(index, 1);
  }

  collection(resource: string): Map<string, StoredRecord> {
    let collection = this.collections.get(resource);
    if (!collection) {
      collection = new Map();
      this.collections.set(resource, collection);
    }
    return collection;
  }

  get(resource: string, id: string): StoredRecord | undefined {
    return this.collection(resource).get(id);
  }

  insert(resource: string, parentId: string | null, data: Data, key?: string): StoredRecord {
    const keyField = KEY_FIELDS.get(resource);
    const id = key ?? String(data.id ?? (keyField ? data[keyField] : undefined));
    const collection = this.collection(resource);
    if (collection.has(id)) throw new Error(`${resource} ${id} exists`);
    const record = new StoredRecord(++this.seq, parentId, data, layoutOf(resource), key);
    collection.set(id, record);
    this.link(resource, record);
    this.undo?.push(() => {
      collection.delete(id);
      this.unlink(resource, record);
    });
    return record;
  }

  /** Moves a record under another parent (seeding: a permission under its audience). */
  reparent(resource: string, record: StoredRecord, parentId: string | null): void {
    this.unlink(resource, record);
    record.parentId = parentId;
    this.link(resource, record);
  }

  /** Replaces a record's data (keeping its place). */
  update(record: StoredRecord, data: Data): void {
    const previous = record.data;
    record.data = data;
    this.undo?.push(() => {
      record.data = previous;
    });
  }

  /** Removes a record for good (a hard delete). */
  remove(resource: string, id: string): void {
    const collection = this.collection(resource);
    const record = collection.get(id);
    if (!record) return;
    collection.delete(id);
    this.unlink(resource, record);
    this.undo?.push(() => {
      collection.set(id, record);
      this.link(resource, record);
    });
  }

  transaction<T>(work: () => T): T {
    const outer = this.undo;
    const undo: Array<() => void> = [];
    this.undo = undo;
    const random = this.random.seed;
    const seq = this.seq;
    try {
      const result = work();
      outer?.push(...undo);
      return result;
    } catch (error) {
      for (const step of undo.reverse()) step();
      this.random.seed = random;
      this.seq = seq;
      throw error;
    } finally {
      this.undo = outer;
    }
  }

  save(): StoreState {
    const saved = ({ seq, parentId, data, key }: StoredRecord): SavedRecord => ({
      seq,
      parentId,
      data,
      ...(key !== undefined ? { key } : {}),
    });
    return {
      seq: this.seq,
      random: { ...this.random },
      records: Object.fromEntries(
        [...this.collections].map(([name, collection]) => [name, structuredClone([...collection.values()].map(saved))]),
      ),
    };
  }

  /** A store holding copies of the state's records (the state stays the caller's). */
  static load(state: StoreState): Store {
    const store = new Store();
    store.seq = state.seq;
    store.random.seed = state.random.seed;
    for (const [name, records] of Object.entries(state.records)) {
      const collection = store.collection(name);
      const layout = layoutOf(name);
      for (const { seq, parentId, data, key } of records) {
        const record = new StoredRecord(seq, parentId, data, layout, key, structuredClone);
        collection.set(key ?? String(data?.id), record);
        store.link(name, record);
      }
    }
    return store;
  }
}

/** The index of the first record of `list` (in sequence order) whose sequence number is above `seq`. */
export function firstAfter(list: readonly StoredRecord[], seq: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as StoredRecord).seq <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
