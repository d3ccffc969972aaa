// createEmulator: the tenants (their state, clocks and controls) around the request pipeline.

import { serve } from "#serve";
import { ADMIN_PREFIX, handleAdmin, refusedControl } from "./admin/admin.js";
import { createCoverage } from "./api-coverage/coverage.js";
import { announceCreated } from "./api-coverage/created.js";
import { createDoctor, findingsOf } from "./doctor/doctor.js";
import type { Emulator, TenantEmulator } from "./emulator-interface.js";
import { createFixture } from "./fixture.js";
import { asRequest, requestOf } from "./http/request-like.js";
import { rootIndex } from "./http/root-index.js";
import { handle, refuseMalformed, toResponse } from "./pipeline.js";
import { startRecording } from "./recording/recorder.js";
import { ruleSet } from "./rules/index.js";
import type { EmulatorOptions } from "./runtime.js";
import { tenantFacade } from "./tenants/facade.js";
import { TenantRegistry } from "./tenants/registry.js";
import type { Tenant } from "./tenants/tenant.js";

export type { Emulator };

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const fixture = createFixture();
  // Coverage counts from the start, across tenants and resets (api-coverage/).
  const coverage = createCoverage();
  const tenants = new TenantRegistry(fixture, {
    options,
    rules: ruleSet(options.disabledRules),
    observers: new Set([coverage.observer]),
    onInternalError:
      options.onInternalError ??
      ((error, method, url) => console.error(`@xads/emulator: internal error on ${method} ${url}\n${error}`)),
  });
  const { main } = tenants;
  const runtime = main.runtime;
  const doctor = createDoctor(options.doctor, (id) => tenants.get(id)?.runtime);
  if (doctor) runtime.observers.add(doctor);
  const admin = (request: Request, tenant: Tenant) => handleAdmin(emulator, request, tenant.id);
  const facades = new Map<string, TenantEmulator>();
  const facadeOf = (tenant: Tenant) => {
    let facade = facades.get(tenant.id);
    if (!facade) {
      facade = tenantFacade(tenant, admin);
      facades.set(tenant.id, facade);
    }
    return facade;
  };
  const defaultFacade = facadeOf(main);

  const emulator: Emulator = {
    ...defaultFacade,
    get requests() {
      return runtime.log.list();
    },
    async fetch(input, init) {
      const request = requestOf(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith(ADMIN_PREFIX))
        return handleAdmin(emulator, request instanceof Request ? request : new Request(input, init));
      const tenant = tenants.of(request.headers.get("authorization"));
      return toResponse(await handle(tenant.runtime, request, { loopback: true, url }));
    },
    listen: (listenOptions = {}) =>
      serve(listenOptions, {
        async answer(request, meta) {
          const { url } = meta;
          if (url.pathname === "/" && request.method === "GET" && meta.document) return rootIndex(meta.document);
          if (!url.pathname.startsWith(ADMIN_PREFIX))
            return handle(tenants.of(request.headers.get("authorization")).runtime, request, meta);
          const door = meta.door();
          if (!door.allowed) return refusedControl(door.status, door.reason);
          return handleAdmin(emulator, await asRequest(request));
        },
        refuse: (reason, method, target, meta) => refuseMalformed(runtime, reason, method, target, meta),
      }),
    observe(observer) {
      runtime.observers.add(observer);
      return () => runtime.observers.delete(observer);
    },
    coverage: coverage.coverage,
    findings: (tenant = main.id) => findingsOf(doctor, tenant),
    record: () => startRecording(emulator, { ...runtime.options, disabledRules: [...(options.disabledRules ?? [])] }),
    tenants: {
      create: () => facadeOf(tenants.create()),
      get(id) {
        const tenant = tenants.get(id);
        return tenant ? facadeOf(tenant) : undefined;
      },
      delete(id) {
        facades.delete(id);
        return tenants.delete(id);
      },
      ids: () => tenants.ids(),
    },
  };
  announceCreated(emulator);
  return emulator;
}
