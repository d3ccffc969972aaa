// The upload page's "Upload a file" panel: runs @xads/client's uploadMedia (INIT, one APPEND per chunk,
// FINALIZE, then STATUS until processing ends) against the emulator in this page. The client signs each
// request for the API's URL with the fixture's OAuth 1.0a credentials; its fetch then sends the signed
// request to the worker's same-origin prefix, so nothing leaves the origin. The page reads the same
// without it: it adds a button and the panel the button opens.
import { createUploadClient } from "@xads/client";
import { el } from "./dom.mjs";
import { inPageEmulator, routeToWorker } from "./in-page-emulator.mjs";
import { uploadForm } from "./upload-panel-form.mjs";
import { loggingFetch } from "./upload-panel-log.mjs";
import { uploadView } from "./upload-panel-view.mjs";

/** @typedef {import("./upload-panel-form.mjs").UploadChoice} UploadChoice */
/** @typedef {{ consumerKey: string, consumerSecret: string, token: string, tokenSecret: string }} Credentials */

/**
 * @param {Credentials} credentials
 * @param {UploadChoice} choice
 * @param {ReturnType<typeof uploadView>} view
 */
async function upload({ consumerKey, consumerSecret, token, tokenSecret }, choice, view) {
  const segments = Math.ceil(choice.media.size / choice.chunkSize);
  const client = createUploadClient({
    oauth1: { consumerKey, consumerSecret, token, tokenSecret },
    fetch: loggingFetch((url, init) => fetch(routeToWorker(url), init), { segments, onLine: view.line }),
  });
  return client.uploadMedia({ ...choice, onProgress: view.progress });
}

/** @param {Credentials} credentials */
function buildPanel(credentials) {
  const view = uploadView();
  let running = false;
  const form = uploadForm(async (choice) => {
    if (running) return;
    running = true;
    const start = form.querySelector("button[type=submit]");
    start?.setAttribute("disabled", "");
    view.reset();
    try {
      view.done(await upload(credentials, choice, view));
    } catch (error) {
      view.failed(error instanceof Error ? error.message : String(error));
    } finally {
      running = false;
      start?.removeAttribute("disabled");
    }
  });
  return el(
    "section",
    { class: "xads-upload", id: "xads-upload", "aria-labelledby": "xads-upload-title", hidden: "" },
    [
      el("h2", { id: "xads-upload-title" }, ["Upload a file to the emulator in this page"]),
      el("p", {}, [
        "Runs uploadMedia of @xads/client here: INIT, one APPEND per chunk, FINALIZE, then STATUS until processing ends. ",
        "Each request is signed with the emulator's published credentials (OAuth 1.0a) and answered by the emulator in this page's service worker, never by the network.",
      ]),
      form,
      view.section,
    ],
  );
}

async function main() {
  if (!("serviceWorker" in navigator)) return;
  const { credentials } = await inPageEmulator();
  /** @type {HTMLElement | undefined} */
  let panel;
  const toggle = el(
    "button",
    { type: "button", class: "xads-upload-toggle", "aria-controls": "xads-upload", "aria-expanded": "false" },
    ["Upload a file"],
  );
  toggle.addEventListener("click", () => {
    if (!panel) {
      panel = buildPanel(credentials);
      document.body.append(panel);
    }
    panel.hidden = !panel.hidden;
    toggle.setAttribute("aria-expanded", String(!panel.hidden));
  });
  document.body.append(toggle);
  document.documentElement.dataset.uploadPanelReady = "true";
}

void main();
