// Records in memory, per resource, in insertion order. Each record keeps its sequence number (the
// stable list order) and its parent's id. Mutations inside `transaction` are undone when it throws,
// which makes batches atomic.
import { resources } from "../generated/index.js";

/** The field holding each resource's id when it is not `id` (a media library object's `media_key`). */
const KEY_FIELDS = new Map(resources.filter((r) => r.key !== "id").map((r) => [r.name, r.key]));

export type Data = Record<string, unknown>;

export interface StoredRecord {
  seq: number;
  parentId: string | null;
  data: Data;
  /** The record's id when it is not `data.id` (a media library object's `media_key`). */
  key?: string;
}

export interface StoreState {
  seq: number;
  random: { seed: number };
  records: Record<string, StoredRecord[]>;
}

export class Store {
  private seq = 0;
  readonly random = { seed: 0x2545f491 };
  private readonly collections = new Map<string, Map<string, StoredRecord>>();
  private undo: Array<() => void> | undefined;

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
    const record: StoredRecord = { seq: ++this.seq, parentId, data, ...(key !== undefined ? { key } : {}) };
    collection.set(id, record);
    this.undo?.push(() => collection.delete(id));
    return record;
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
    this.undo?.push(() => collection.set(id, record));
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
    return {
      seq: this.seq,
      random: { ...this.random },
      records: Object.fromEntries(
        [...this.collections].map(([name, collection]) => [name, structuredClone([...collection.values()])]),
      ),
    };
  }

  static load(state: StoreState): Store {
    const store = new Store();
    store.seq = state.seq;
    store.random.seed = state.random.seed;
    for (const [name, records] of Object.entries(state.records)) {
      const collection = store.collection(name);
      for (const record of structuredClone(records)) collection.set(record.key ?? String(record.data?.id), record);
    }
    return store;
  }
}
