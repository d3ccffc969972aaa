// A tenant as its users see it: the TenantEmulator interface over one tenant's state.
import { ADMIN_PREFIX } from "../admin/admin.js";
import type { TenantEmulator } from "../emulator-interface.js";
import { requestOf } from "../http/request-like.js";
import { handle, toResponse } from "../pipeline.js";
import type { Tenant } from "./tenant.js";

/** `admin`: answers a control (/_emulator/...) for this tenant. */
export function tenantFacade(
  tenant: Tenant,
  admin: (request: Request, tenant: Tenant) => Promise<Response>,
): TenantEmulator {
  const { runtime } = tenant;
  return {
    tenant: tenant.id,
    fixture: runtime.fixture,
    async fetch(input, init) {
      const request = requestOf(input, init);
      const url = new URL(request.url);
      if (url.pathname.startsWith(ADMIN_PREFIX))
        return admin(request instanceof Request ? request : new Request(input, init), tenant);
      return toResponse(await handle(runtime, request, { loopback: true, url }));
    },
    reset: () => tenant.reset(),
    clock: tenant.clock,
    snapshot: () => tenant.snapshot(),
    restore: (snapshot) => tenant.restore(snapshot),
    faults: runtime.faults,
    get requests() {
      return runtime.log.list();
    },
  };
}
