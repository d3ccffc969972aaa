// The store's per-parent index and the request log's ring: the structures that keep a list page and a
// request at constant cost stay right through inserts, hard deletes, rolled-back batches and restores.
import { describe, expect, it } from "vitest";
import { RequestLog } from "../src/request-log.js";
import { Store } from "../src/store/store.js";

const ids = (store: Store, parent: string) => store.children("campaign", parent).map((r) => r.data.id);

describe("the per-parent index", () => {
  it("holds each parent's records in insertion order, through removes, rollbacks and restores", () => {
    const store = new Store();
    for (const id of ["a", "b", "c"]) store.insert("campaign", "acct", { id });
    store.insert("campaign", "other", { id: "x" });
    store.remove("campaign", "b");
    expect(ids(store, "acct")).toEqual(["a", "c"]);
    expect(() =>
      store.transaction(() => {
        store.insert("campaign", "acct", { id: "d" });
        store.remove("campaign", "a");
        throw new Error("the batch fails");
      }),
    ).toThrow("the batch fails");
    expect(ids(store, "acct")).toEqual(["a", "c"]);
    const restored = Store.load(store.save());
    expect(ids(restored, "acct")).toEqual(["a", "c"]);
    expect(ids(restored, "other")).toEqual(["x"]);
  });

  it("moves a record under another parent", () => {
    const store = new Store();
    const record = store.insert("campaign", "acct", { id: "a" });
    store.reparent("campaign", record, "other");
    expect([ids(store, "acct"), ids(store, "other")]).toEqual([[], ["a"]]);
  });
});

describe("the request log", () => {
  it("keeps the last entries, oldest first", () => {
    const log = new RequestLog(3);
    for (let at = 1; at <= 5; at++)
      log.add({ at, method: "GET", url: "/", operationId: null, status: 200, durationMs: 0 });
    expect(log.list().map((e) => e.at)).toEqual([3, 4, 5]);
    log.clear();
    expect(log.list()).toEqual([]);
  });
});
