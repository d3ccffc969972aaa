// One tenant: everything a set of credentials lives in (records, id sequence, auth state, clock,
// rate-limit windows, seen nonces, faults, request log), with its own reset, snapshot and restore.
// The emulator's default tenant is the fixture's; `emu.tenants.create()` adds more (tenants/registry.ts).
import { initialAuthState } from "../auth/state.js";
import { NonceCache } from "../auth/verify.js";
import { type Clock, createClock } from "../clock.js";
import { Faults } from "../faults.js";
import type { Fixture } from "../fixture.js";
import { RateLimiter } from "../limits/rate-limits.js";
import type { Observer } from "../observe/exchange.js";
import { RequestLog } from "../request-log.js";
import { linkSeeds } from "../resources/seed-links.js";
import type { StateRule } from "../rules/rule.js";
import type { EmulatorOptions, Runtime, State } from "../runtime.js";
import { assertSnapshot, SNAPSHOT_FORMAT, type Snapshot } from "../snapshot.js";
import { seedStore } from "../store/seed.js";
import { Store } from "../store/store.js";
import { seedUploads } from "../upload/seed.js";

export interface Tenant {
  readonly id: string;
  readonly runtime: Runtime;
  readonly clock: Clock;
  reset(): void;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
}

export interface TenantShared {
  options: EmulatorOptions;
  rules: (resource: string) => readonly StateRule[];
  observers: Set<Observer>;
  onInternalError: (error: string, method: string, url: string) => void;
}

/** A tenant for `fixture`; `idSeed` starts its id sequence (tenants issue different ids). */
export function createTenant(id: string, fixture: Fixture, shared: TenantShared, idSeed?: number): Tenant {
  const { options } = shared;
  const clocks = createClock(options.now);
  const initialClock = clocks.save();
  const fresh = (): State => {
    const store = seedStore(fixture.accountId);
    if (idSeed !== undefined) store.random.seed = idSeed;
    return { store: seedUploads(linkSeeds(store)), auth: initialAuthState(fixture) };
  };
  let state = fresh();
  const runtime: Runtime = {
    options: { auth: options.auth ?? "strict", rateLimits: options.rateLimits ?? true },
    tenant: id,
    fixture,
    clock: clocks.clock,
    state: () => state,
    nonces: new NonceCache(),
    limits: new RateLimiter(),
    faults: new Faults(),
    rules: shared.rules,
    log: new RequestLog(options.requestLogSize ?? 1000),
    observers: shared.observers,
    onInternalError: shared.onInternalError,
  };
  const clearTraffic = () => {
    runtime.nonces.clear();
    runtime.limits.clear();
  };
  return {
    id,
    runtime,
    clock: clocks.clock,
    reset() {
      state = fresh();
      clocks.load(initialClock);
      clearTraffic();
      runtime.faults.clear();
      runtime.log.clear();
    },
    snapshot: () => ({
      format: SNAPSHOT_FORMAT,
      version: 1,
      clock: clocks.save(),
      store: state.store.save(),
      auth: structuredClone(state.auth),
    }),
    restore(snapshot) {
      assertSnapshot(snapshot);
      state = { store: Store.load(snapshot.store), auth: structuredClone(snapshot.auth) };
      clocks.load(snapshot.clock);
      clearTraffic();
    },
  };
}
