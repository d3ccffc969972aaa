// createEmulator: the state, the clock and the controls around the request pipeline.

import { serve } from "#serve";
import { ADMIN_PREFIX, handleAdmin, refusedControl } from "./admin/admin.js";
import { initialAuthState } from "./auth/state.js";
import { NonceCache } from "./auth/verify.js";
import { createClock } from "./clock.js";
import type { Emulator } from "./emulator-interface.js";
import { Faults } from "./faults.js";
import { createFixture } from "./fixture.js";
import { asRequest, requestOf } from "./http/request-like.js";
import { rootIndex } from "./http/root-index.js";
import { RateLimiter } from "./limits/rate-limits.js";
import { handle, refuseMalformed, toResponse } from "./pipeline.js";
import { RequestLog } from "./request-log.js";
import { linkSeeds } from "./resources/seed-links.js";
import { ruleSet } from "./rules/index.js";
import type { EmulatorOptions, Runtime, State } from "./runtime.js";
import { assertSnapshot, SNAPSHOT_FORMAT } from "./snapshot.js";
import { seedStore } from "./store/seed.js";
import { Store } from "./store/store.js";
import { seedUploads } from "./upload/seed.js";

export type { Emulator };

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const fixture = createFixture();
  const clocks = createClock(options.now);
  const initialClock = clocks.save();
  const fresh = (): State => ({
    store: seedUploads(linkSeeds(seedStore(fixture.accountId))),
    auth: initialAuthState(fixture),
  });
  let state = fresh();
  const runtime: Runtime = {
    options: { auth: options.auth ?? "strict", rateLimits: options.rateLimits ?? true },
    fixture,
    clock: clocks.clock,
    state: () => state,
    nonces: new NonceCache(),
    limits: new RateLimiter(),
    faults: new Faults(),
    rules: ruleSet(options.disabledRules),
    log: new RequestLog(options.requestLogSize ?? 1000),
    observers: new Set(),
    onInternalError:
      options.onInternalError ??
      ((error, method, url) => console.error(`@xads/emulator: internal error on ${method} ${url}\n${error}`)),
  };
  const clearTraffic = () => {
    runtime.nonces.clear();
    runtime.limits.clear();
  };

  const emulator: Emulator = {
    fixture,
    async fetch(input, init) {
      const request = requestOf(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith(ADMIN_PREFIX))
        return handleAdmin(emulator, request instanceof Request ? request : new Request(input, init));
      return toResponse(await handle(runtime, request, { loopback: true, url }));
    },
    listen: (listenOptions = {}) =>
      serve(listenOptions, {
        async answer(request, meta) {
          const { url } = meta;
          if (url.pathname === "/" && request.method === "GET" && meta.document) return rootIndex(meta.document);
          if (!url.pathname.startsWith(ADMIN_PREFIX)) return handle(runtime, request, meta);
          const door = meta.door();
          if (!door.allowed) return refusedControl(door.status, door.reason);
          return handleAdmin(emulator, await asRequest(request));
        },
        refuse: (reason, method, target, meta) => refuseMalformed(runtime, reason, method, target, meta),
      }),
    reset() {
      state = fresh();
      clocks.load(initialClock);
      clearTraffic();
      runtime.faults.clear();
      runtime.log.clear();
    },
    clock: clocks.clock,
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
    faults: runtime.faults,
    get requests() {
      return runtime.log.list();
    },
    observe(observer) {
      runtime.observers.add(observer);
      return () => runtime.observers.delete(observer);
    },
  };
  return emulator;
}
