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

// The emulator's own controls (its README's "Admin HTTP": fixture, requests, clock {advance}, faults,
// snapshot, coverage, ...) answer under `/_emulator/` of any API host; the worker hands them over.
const CONTROLS_ORIGIN = `https://${[...API_HOSTS][0]}`;

/**
 * The controls on the site's origin: the emulator's own, plus what only the worker can do: `POST reset`
 * (the emulator's, and the saved state cleared), `POST flush` (waits for the pending save) and
 * `POST restart` (a new emulator from the saved state). A control that changes state is saved.
 * @param {Request} request
 * @param {string} name
 */
async function control(request, name) {
  const emu = await emulator;
  const route = `${request.method} ${name}`;
  if (route === "POST reset") {
    emu.reset();
    await clearSnapshot();
    return json({ reset: true });
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
  const writes = request.method !== "GET" && request.method !== "HEAD";
  const search = new URL(request.url).search;
  const answer = await emu.fetch(
    new Request(`${CONTROLS_ORIGIN}/_emulator/${name}${search}`, {
      method: request.method,
      headers: request.headers,
      ...(writes ? { body: await request.arrayBuffer() } : {}),
    }),
  );
  if (writes && answer.ok) await scheduleSave();
  return answer;
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
  // A navigation (a link or a form, possibly another site's, POSTing to this origin) reaches the
  // worker too; only the site's own scripts may call the API or change the emulator's state.
  if ((rest.startsWith("_api/") || rest.startsWith("_emulator/")) && event.request.mode === "navigate") {
    event.respondWith(json({ error: "the in-page emulator answers the site's scripts, not a navigation" }, 403));
    return;
  }
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
