// The compact record layout: a record keeps only the values in which it differs from its resource's
// defaults, and reads back exactly as it was stored (same fields, same order, same values), through
// updates, rolled-back transactions, snapshots and restores. Records that do not fit are held as given.
import { describe, expect, it } from "vitest";
import { resourceNamed } from "../src/resources/lookup.js";
import { buildRecord } from "../src/resources/records.js";
import { compiledBuilder, interpretedBuilder, RecordLayout } from "../src/store/layout.js";
import { Store } from "../src/store/store.js";

const NOW = "2026-01-01T00:00:00Z";
const lineItem = (id: string, params: Record<string, unknown> = {}) =>
  buildRecord(resourceNamed("line_item"), id, { campaign_id: "c1", name: "li", ...params }, NOW);

describe("the record layout", () => {
  const base = { id: "", name: null, tags: ["a"], deleted: false };

  it("builds the same records without code generation (for runtimes that refuse new Function)", () => {
    const keys = Object.keys(base);
    const values = Object.values(base);
    for (let mask = 0; mask < 1 << keys.length; mask++) {
      const kept = keys.filter((_, i) => (mask & (1 << i)) !== 0).map((key) => `kept ${key}`);
      const packed = [mask, ...kept];
      const interpreted = interpretedBuilder(keys)(values, packed, mask);
      expect(interpreted).toStrictEqual(compiledBuilder(keys)(values, packed, mask));
      expect(Object.keys(interpreted)).toEqual(keys);
    }
  });

  it("packs the differing values, and unpacks the record with its fields in order", () => {
    const layout = RecordLayout.of(base);
    const data = { id: "x1", name: null, tags: ["a"], deleted: true };
    const packed = layout?.pack(data);
    expect(packed).toHaveLength(3); // the mask, `id` and `deleted`
    const back = layout?.unpack(packed ?? []);
    expect(back).toStrictEqual(data);
    expect(Object.keys(back ?? {})).toEqual(Object.keys(data));
    expect(layout?.field(packed ?? [], "deleted")).toBe(true);
    expect(layout?.field(packed ?? [], "tags")).toEqual(["a"]);
    expect(layout?.field(packed ?? [], "missing")).toBeUndefined();
  });

  it("shares a value equal to the base's (frozen), and adopts a copy of a differing object value", () => {
    const layout = RecordLayout.of(base);
    const tags = ["b"];
    const packed = layout?.pack({ id: "x", name: null, tags, deleted: false }, structuredClone) ?? [];
    expect(layout?.field(packed, "tags")).toEqual(["b"]);
    expect(layout?.field(packed, "tags")).not.toBe(tags);
    const shared = layout?.unpack(layout.pack({ id: "y", name: null, tags: ["a"], deleted: false }) ?? []);
    expect(Object.isFrozen(shared?.tags)).toBe(true);
  });

  it("does not pack data with other fields or another order", () => {
    const layout = RecordLayout.of(base);
    expect(layout?.pack({ id: "x", name: null, tags: [], deleted: false, extra: 1 })).toBeUndefined();
    expect(layout?.pack({ name: null, id: "x", tags: [], deleted: false })).toBeUndefined();
    expect(layout?.pack({ id: "x" })).toBeUndefined();
    expect(layout?.pack(null)).toBeUndefined();
    expect(RecordLayout.of({ ["__proto__"]: 1 } as never)).toBeUndefined();
  });
});

describe("records in the store", () => {
  it("read back as built, field by field too", () => {
    const store = new Store();
    const data = lineItem("a", { bid_strategy: "AUTO", placements: ["ALL_ON_TWITTER"] });
    const record = store.insert("line_item", "acct", data);
    expect(record.data).not.toBe(data);
    expect(record.data).toStrictEqual(data);
    expect(Object.keys(record.data)).toEqual(Object.keys(data));
    expect(record.field("bid_strategy")).toBe("AUTO");
    expect(record.field("name")).toBe("li");
    expect(record.field("deleted")).toBe(false);
  });

  it("hold data that does not fit the layout as given", () => {
    const store = new Store();
    const data = { id: "a", extra: true };
    const record = store.insert("line_item", "acct", data);
    expect(record.data).toBe(data);
    expect(record.field("extra")).toBe(true);
    expect(record.field("toString")).toBeUndefined();
  });

  it("take updates, and a rolled-back transaction puts the previous data back", () => {
    const store = new Store();
    const record = store.insert("line_item", "acct", lineItem("a"));
    store.update(record, { ...record.data, name: "renamed" });
    expect(record.field("name")).toBe("renamed");
    expect(() =>
      store.transaction(() => {
        store.update(record, { ...record.data, name: "lost", deleted: true });
        throw new Error("the batch fails");
      }),
    ).toThrow("the batch fails");
    expect(record.data).toStrictEqual(lineItem("a", { name: "renamed" }));
  });

  it("are saved as plain copies and restored as copies of the snapshot", () => {
    const store = new Store();
    store.insert("line_item", "acct", lineItem("a", { placements: ["PUBLISHER_NETWORK"] }));
    store.insert("line_item", "acct", { id: "b", other: [1] });
    const state = store.save();
    const first = state.records.line_item?.[0]?.data ?? {};
    expect(first).toStrictEqual(lineItem("a", { placements: ["PUBLISHER_NETWORK"] }));
    expect(Object.isFrozen(first.categories)).toBe(false);

    const restored = Store.load(state);
    (first.placements as string[]).push("ALL_ON_TWITTER");
    expect(restored.get("line_item", "a")?.field("placements")).toEqual(["PUBLISHER_NETWORK"]);
    expect(restored.save()).toStrictEqual(store.save());
    expect(restored.children("line_item", "acct").map((r) => r.seq)).toEqual([1, 2]);
  });
});
