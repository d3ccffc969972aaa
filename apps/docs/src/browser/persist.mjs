// The in-page emulator's state in IndexedDB: one snapshot, kept as JSON, so it survives reloads and the
// worker's restarts.
const DB = "xads-emulator";
const STORE = "state";
const KEY = "snapshot";

/** @returns {Promise<IDBDatabase>} */
function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} work
 * @returns {Promise<T>}
 */
async function withStore(mode, work) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** The saved snapshot's JSON, or undefined. */
export const loadSnapshot = () => withStore("readonly", (store) => store.get(KEY)).then((v) => v ?? undefined);

/** @param {string} json */
export const saveSnapshot = (json) => withStore("readwrite", (store) => store.put(json, KEY));

export const clearSnapshot = () => withStore("readwrite", (store) => store.delete(KEY));
