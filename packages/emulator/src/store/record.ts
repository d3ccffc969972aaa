// A stored record: its place (sequence number, parent), its id when that is not `data.id`, and its
// data, packed in its resource's layout when it fits (else held as given). Reading `data` builds a new
// object each time; `field` reads one value without building the record.

import type { Data } from "./data.js";
import type { Packed, RecordLayout } from "./layout.js";

/** Data that does not fit the layout (or a collection without one), held as given. */
interface Whole {
  readonly data: Data;
}

export class StoredRecord {
  /** The record's id when it is not `data.id` (a media library object's `media_key`). */
  declare key?: string;
  readonly #layout: RecordLayout | undefined;
  #held: Packed | Whole;

  /** `adopt` copies the object values the record keeps (a restore copies the snapshot's). */
  constructor(
    readonly seq: number,
    public parentId: string | null,
    data: Data,
    layout?: RecordLayout,
    key?: string,
    adopt?: (value: unknown) => unknown,
  ) {
    // Set only when there is one: most records have none, and an unset field takes no room.
    if (key !== undefined) this.key = key;
    this.#layout = layout;
    this.#held = hold(layout, data, adopt);
  }

  get data(): Data {
    const held = this.#held;
    return Array.isArray(held) ? (this.#layout as RecordLayout).unpack(held) : held.data;
  }

  set data(data: Data) {
    this.#held = hold(this.#layout, data);
  }

  /** The record's own field `name`, or undefined. */
  field(name: string): unknown {
    const held = this.#held;
    if (Array.isArray(held)) return (this.#layout as RecordLayout).field(held, name);
    return Object.hasOwn(held.data, name) ? held.data[name] : undefined;
  }
}

function hold(layout: RecordLayout | undefined, data: Data, adopt?: (value: unknown) => unknown): Packed | Whole {
  return layout?.pack(data, adopt) ?? { data: adopt ? (adopt(data) as Data) : data };
}
