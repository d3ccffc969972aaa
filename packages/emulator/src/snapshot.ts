// The emulator's state as JSON: clock, records and issued credentials. Traffic (rate-limit windows,
// seen nonces, the request log, pending faults) is not state and is left out.
import type { AuthState } from "./auth/state.js";
import type { ClockState } from "./clock.js";
import type { StoreState } from "./store/store.js";

export const SNAPSHOT_FORMAT = "xads-emulator-snapshot";

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  clock: ClockState;
  store: StoreState;
  auth: AuthState;
}

export function assertSnapshot(value: unknown): asserts value is Snapshot {
  const snapshot = value as Partial<Snapshot> | null;
  if (
    typeof snapshot !== "object" ||
    snapshot === null ||
    snapshot.format !== SNAPSHOT_FORMAT ||
    snapshot.version !== 1 ||
    typeof snapshot.store?.records !== "object" ||
    typeof snapshot.auth?.accessTokens !== "object" ||
    typeof snapshot.clock?.value !== "number"
  )
    throw new TypeError(`not an ${SNAPSHOT_FORMAT} (version 1)`);
}
