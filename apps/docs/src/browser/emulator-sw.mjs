// The service worker of the reference site: @xads/emulator in the browser. It answers the console's
// requests (the same-origin prefix `_api/<host>/...`) and any request a controlled page makes to one of
// the API's hosts, from the emulator's state, which it keeps in IndexedDB (saved after writes, restored
// at start). `_emulator/...` on the same origin are its controls. Nothing leaves the origin.
import { createEmulator } from "@xads/emulator";
import { clearSnapshot, loadSnapshot, saveSnapshot } from "./persist.mjs";

const worker = /** @type {XadsWorkerScope} */ (/** @type {unknown} */ (self));
// The API's hosts, from the documents' servers (injected by the build).
const API_HOSTS = new Set(/** @type {string[]} */ (XADS_API_HOSTS));
const SAVE_DELAY_MS = 150;

/** @returns {Promise<import("@xads/emulator").Emulator>} */
async function start() {
  const emu = await createEmulator();
  const saved = await loadSnapshot().catch(() => undefined);
  if (saved) {
    try {
      emu.restore(JSON.parse(saved));
    } catch {
      await clearSnapshot();
    }
  }
  return emu;
}

let emulator = start();
/** @type {Promise<unknown> | undefined} */
let pendingSave;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let saveTimer;

/** Saves the snapshot a little after the last write; answers when it is written. */
function scheduleSave() {
  clearTimeout(saveTimer);
  pendingSave = new Promise((resolve) => {
    saveTimer = setTimeout(async () => {
      const emu = await emulator;
      resolve(saveSnapshot(JSON.stringify(emu.snapshot())).catch(() => undefined));
    }, SAVE_DELAY_MS);
  });
  return pendingSave;
}

/** @param {unknown} value @param {number} [status] */
const json = (value, status = 200) =>
  new Response(JSON.stringify(value, null, 2), { status, headers: { "content-type": "application/json" } });

/**
 * The controls: GET fixture, GET requests, POST reset, POST clock {advanceMs}, POST faults (a FaultInput),
 * DELETE faults, POST flush (waits for the pending save), POST restart (a new emulator from the saved state).
 * @param {Request} request
 * @param {string} name
 */
async function control(request, name) {
  const emu = await emulator;
  const route = `${request.method} ${name}`;
  if (route === "GET fixture") return json(emu.fixture);
  if (route === "GET requests") return json(emu.requests.slice(-50));
  if (route === "GET faults") return json(emu.faults.list());
  if (route === "POST reset") {
    emu.reset();
    await clearSnapshot();
    return json({ reset: true });
  }
  if (route === "POST clock") {
    const { advanceMs } = await request.json();
    const now = emu.clock.advance(Number(advanceMs));
    await scheduleSave();
    return json({ now: new Date(now).toISOString() });
  }
  if (route === "POST faults") {
    try {
      return json(emu.faults.add(await request.json()), 201);
    } catch (error) {
      return json({ error: /** @type {Error} */ (error).message }, 400);
    }
  }
  if (route === "DELETE faults") {
    emu.faults.clear();
    return json({ cleared: true });
  }
  if (route === "POST flush") {
    await pendingSave;
    return json({ saved: true });
  }
  if (route === "POST restart") {
    await pendingSave;
    emulator = start();
    await emulator;
    return json({ restarted: true });
  }
  return json({ error: `no control ${route}` }, 404);
}

/** @param {XadsFetchEvent} event @param {string} target the API URL */
async function answer(event, target) {
  const request = event.request;
  const emu = await emulator;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  const headers = new Headers(request.headers);
  const response = await emu.fetch(new Request(target, { method: request.method, headers, body }));
  if (request.method !== "GET" && request.method !== "HEAD") event.waitUntil(scheduleSave());
  return response;
}

worker.addEventListener("install", () => worker.skipWaiting());
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));
worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (API_HOSTS.has(url.host)) {
    event.respondWith(answer(event, url.href));
    return;
  }
  if (url.origin !== worker.location.origin) return;
  const scope = new URL(worker.registration.scope).pathname;
  if (!url.pathname.startsWith(scope)) return;
  const rest = url.pathname.slice(scope.length);
  if (rest.startsWith("_api/")) {
    const [host = "", ...path] = rest.slice("_api/".length).split("/");
    if (!API_HOSTS.has(host)) {
      event.respondWith(json({ error: `${host} is not one of the API's hosts: ${[...API_HOSTS].join(", ")}` }, 404));
      return;
    }
    event.respondWith(answer(event, `https://${host}/${path.join("/")}${url.search}`));
    return;
  }
  if (rest.startsWith("_emulator/")) event.respondWith(control(event.request, rest.slice("_emulator/".length)));
});
