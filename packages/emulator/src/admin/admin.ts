// The controls over HTTP, under /_emulator/ on every served port: reset, clock, snapshot, faults,
// requests and fixture. Answers are JSON; a bad request answers 400 {error}.

import type { Emulator } from "../emulator-interface.js";
import type { FaultInput } from "../faults.js";

export const ADMIN_PREFIX = "/_emulator/";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

/** A control the door refused (another machine without the token, a web page, a foreign Host). */
export const refusedControl = (status: number, reason: string) =>
  json(status, { error: `${reason}; see "Security" in the README of @xads/emulator` });

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === "" ? {} : JSON.parse(text);
}

export async function handleAdmin(emulator: Emulator, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = `${request.method.toUpperCase()} ${pathname.slice(ADMIN_PREFIX.length).replace(/\/$/, "")}`;
  try {
    switch (route) {
      case "POST reset":
        emulator.reset();
        return json(200, { reset: true });
      case "GET clock":
        return json(200, { now: emulator.clock.now(), iso: new Date(emulator.clock.now()).toISOString() });
      case "POST clock": {
        const body = (await readJson(request)) as { advance?: unknown };
        if (typeof body.advance !== "number") return json(400, { error: 'POST clock takes {"advance": ms}' });
        const now = emulator.clock.advance(body.advance);
        return json(200, { now, iso: new Date(now).toISOString() });
      }
      case "GET snapshot":
        return json(200, emulator.snapshot());
      case "POST snapshot":
        emulator.restore((await readJson(request)) as never);
        return json(200, { restored: true });
      case "GET faults":
        return json(200, emulator.faults.list());
      case "POST faults":
        return json(200, emulator.faults.add((await readJson(request)) as FaultInput));
      case "DELETE faults":
        emulator.faults.clear();
        return json(200, { cleared: true });
      case "GET requests":
        return json(200, emulator.requests);
      case "GET fixture":
        return json(200, emulator.fixture);
      default:
        return json(404, { error: `no control ${route}; see the README of @xads/emulator` });
    }
  } catch (error) {
    return json(400, { error: error instanceof Error ? error.message : String(error) });
  }
}
