// The site's browser programs, bundled with esbuild: the service worker that runs @xads/emulator in
// the browser (emulator-sw.js, at the site's root so its scope is the whole site), the reference
// pages' console (assets/console.js) and the upload page's panel (assets/upload-panel.js). The worker
// learns the API's hosts from the documents' servers.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { apiHosts, consoleOperation } from "./console/operations.mjs";

const browserDir = join(dirname(fileURLToPath(import.meta.url)), "browser");

/** The worker's file, relative to dist/. */
export const WORKER_FILE = "emulator-sw.js";
/** The upload page's "Upload a file" panel, relative to dist/ (loaded by the upload document's page only). */
export const UPLOAD_PANEL_FILE = "assets/upload-panel.js";
/**
 * What a reference page's head loads for the upload panel: its style and script on the upload document's
 * page, nothing on the others.
 * @param {string} documentName
 */
export const uploadPanelHead = (documentName) =>
  documentName === "upload"
    ? `<link rel="stylesheet" href="assets/upload-panel.css"><script type="module" src="${UPLOAD_PANEL_FILE}"></script>`
    : "";
/** The guide pages' run in the page, relative to dist/. */
export const GUIDE_RUN_FILE = "assets/guide-run.js";
/** @param {string} documentName */
export const consoleDataFile = (documentName) => `assets/console-${documentName}.json`;

/**
 * @param {string} outDir dist/
 * @param {import("./site.mjs").SiteDocument[]} documents the documents with operations
 */
export async function writeBrowserBundles(outDir, documents) {
  /** @type {import("esbuild").BuildOptions} */
  const common = {
    bundle: true,
    platform: "browser",
    format: "iife",
    minify: true,
    target: "es2022",
    logLevel: "warning",
  };
  await build({
    ...common,
    entryPoints: [join(browserDir, "emulator-sw.mjs")],
    outfile: join(outDir, WORKER_FILE),
    define: { XADS_API_HOSTS: JSON.stringify(apiHosts(documents)) },
  });
  await build({
    ...common,
    entryPoints: [join(browserDir, "console.mjs")],
    outfile: join(outDir, "assets/console.js"),
  });
  await build({
    ...common,
    entryPoints: [join(browserDir, "upload-panel.mjs")],
    outfile: join(outDir, UPLOAD_PANEL_FILE),
  });
  await build({
    ...common,
    entryPoints: [join(browserDir, "guide-run.mjs")],
    outfile: join(outDir, GUIDE_RUN_FILE),
  });
  for (const d of documents) {
    writeFileSync(
      join(outDir, consoleDataFile(d.name)),
      JSON.stringify(d.operations.map((o) => consoleOperation(o, d.bundle))),
    );
  }
}
