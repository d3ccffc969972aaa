// Records in memory, per resource, in insertion order. Each record keeps its sequence number (the
// stable list order) and its parent's id. Mutations inside `transaction` are undone when it throws,
// which makes batches atomic.

export type Data = Record<string, unknown>;

export interface StoredRecord {
  seq: number;
  parentId: string | null;
  data: Data;
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

  insert(resource: string, parentId: string | null, data: Data): StoredRecord {
    const id = String(data.id);
    const collection = this.collection(resource);
    if (collection.has(id)) throw new Error(`${resource} ${id} exists`);
    const record = { seq: ++this.seq, parentId, data };
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
      for (const record of structuredClone(records)) collection.set(String(record.data?.id), record);
    }
    return store;
  }
}
