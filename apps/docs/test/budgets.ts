// The budgets apps/docs/README.md states for the reference pages with their in-page emulator.
export const BUDGETS = {
  /** The service worker (the emulator's core and the spec's data), gzipped. */
  workerGzipBytes: 170 * 1024,
  /** From opening a reference page in a browser that never saw the site to the console's first answer. */
  coldFirstAnswerMs: 20_000,
  /** The heaviest reference page: its HTML, Redoc, the console, its operations and the worker, gzipped. */
  heaviestPageGzipBytes: 1100 * 1024,
  /** The upload page's "Upload a file" panel: its script (with @xads/client's upload) and style, gzipped. */
  uploadPanelGzipBytes: 24 * 1024,
  /** A guide page's run in the page (assets/guide-run.js: the runner, JSONPath, the signing fetch), gzipped. */
  guideRunGzipBytes: 32 * 1024,
};
