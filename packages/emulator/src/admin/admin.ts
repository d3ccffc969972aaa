// The controls over HTTP, under /_emulator/ on every served port: reset, clock, snapshot, faults,
// requests and fixture (of the tenant a `tenant` query parameter or the x-xads-emulator-tenant header
// names; the default one without), and tenants. Answers are JSON; a bad request answers 400 {error}.

import { coverageResponse } from "../api-coverage/http.js";
import type { Emulator, TenantEmulator } from "../emulator-interface.js";
import type { FaultInput } from "../faults.js";

export const ADMIN_PREFIX = "/_emulator/";
export const TENANT_HEADER = "x-xads-emulator-tenant";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

/** A control the door refused (another machine without the token, a web page, a foreign Host). */
export const refusedControl = (status: number, reason: string) =>
  json(status, { error: `${reason}; see "Security" in the README of @xads/emulator` });

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === "" ? {} : JSON.parse(text);
}

/** The tenant a control acts on: `tenant` (a tenant's own fetch), else the one the request names. */
function targetOf(emulator: Emulator, url: URL, request: Request, tenant?: string): TenantEmulator | undefined {
  const id = tenant ?? url.searchParams.get("tenant") ?? request.headers.get(TENANT_HEADER) ?? "default";
  return emulator.tenants.get(id);
}

export async function handleAdmin(emulator: Emulator, request: Request, tenant?: string): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  const route = `${request.method.toUpperCase()} ${pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, "")}`;
  const target = targetOf(emulator, url, request, tenant);
  if (!target)
    return json(404, { error: `no tenant ${url.searchParams.get("tenant") ?? request.headers.get(TENANT_HEADER)}` });
  const deleting = /^DELETE tenants\/([^/]+)$/.exec(route);
  try {
    if (deleting?.[1]) {
      const id = decodeURIComponent(deleting[1]);
      return emulator.tenants.delete(id) ? json(200, { deleted: id }) : json(404, { error: `no tenant ${id}` });
    }
    switch (route) {
      case "POST tenants": {
        const created = emulator.tenants.create();
        return json(201, { tenant: created.tenant, ...created.fixture });
      }
      case "GET tenants":
        return json(200, emulator.tenants.ids());
      case "POST reset":
        target.reset();
        return json(200, { reset: true });
      case "GET clock":
        return json(200, { now: target.clock.now(), iso: new Date(target.clock.now()).toISOString() });
      case "POST clock": {
        const body = (await readJson(request)) as { advance?: unknown };
        if (typeof body.advance !== "number") return json(400, { error: 'POST clock takes {"advance": ms}' });
        const now = target.clock.advance(body.advance);
        return json(200, { now, iso: new Date(now).toISOString() });
      }
      case "GET snapshot":
        return json(200, target.snapshot());
      case "POST snapshot":
        target.restore((await readJson(request)) as never);
        return json(200, { restored: true });
      case "GET faults":
        return json(200, target.faults.list());
      case "POST faults":
        return json(200, target.faults.add((await readJson(request)) as FaultInput));
      case "DELETE faults":
        target.faults.clear();
        return json(200, { cleared: true });
      case "GET requests":
        return json(200, target.requests);
      case "GET findings":
        return json(200, emulator.findings(target.tenant));
      case "GET fixture":
        return json(200, target.fixture);
      case "GET coverage":
        return coverageResponse(emulator.coverage(), request);
      default:
        return json(404, { error: `no control ${route}; see the README of @xads/emulator` });
    }
  } catch (error) {
    return json(400, { error: error instanceof Error ? error.message : String(error) });
  }
}
