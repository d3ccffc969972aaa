// Builds the reference site into dist/: every page of the page registry (src/pages.mjs), the landing page,
// one Redoc page per document with operations, the event types, the change history, the emulator, the
// guides' index and one guide per workflow. Reads only the spec model (spec/documents.json and the bundles in
// spec/dist/, through loadSpec()), spec/history/changes.yaml and spec/workflows (through spec/lib/workflows.mjs). The output depends on nothing but those inputs (no dates, no random names).
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createEmulator } from "@xads/emulator";
import { consoleDataFile, uploadPanelHead, WORKER_FILE, writeBrowserBundles } from "../src/browser-bundles.mjs";
import { renderEmulator } from "../src/emulator.mjs";
import { enrichBundle } from "../src/enrich.mjs";
import { renderEvents } from "../src/events.mjs";
import { writeGuideData } from "../src/guide-data.mjs";
import { renderGuide, renderGuides } from "../src/guides.mjs";
import { renderHistory } from "../src/history.mjs";
import { renderLanding } from "../src/landing.mjs";
import { renderParity } from "../src/parity.mjs";
import { buildReferencePage, writeRedocScript } from "../src/reference.mjs";
import { SAMPLE_LANGUAGES } from "../src/samples.mjs";
import { loadSite } from "../src/site.mjs";

process.env.REDOCLY_TELEMETRY = "off";
const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(appDir, "dist");
const started = performance.now();

const site = loadSite();
// The credentials the local emulator's curl samples send: the emulator's own fixture.
const { fixture } = await createEmulator();
rmSync(outDir, { recursive: true, force: true });
mkdirSync(join(outDir, "assets"), { recursive: true });
mkdirSync(join(outDir, "openapi"), { recursive: true });
cpSync(join(appDir, "src/assets"), join(outDir, "assets"), { recursive: true });
const script = writeRedocScript(join(outDir, "assets"));
await writeBrowserBundles(outDir, site.referenced);
writeGuideData(outDir, [...new Set(site.guides.workflows.map((w) => w.file))]);

/** @type {Record<string, number>} bytes by file */
const sizes = {};
/**
 * @param {string} name
 * @param {string} html
 */
const write = (name, html) => {
  writeFileSync(join(outDir, name), html);
  sizes[name] = Buffer.byteLength(html);
};

const work = mkdtempSync(join(tmpdir(), "xads-docs-"));
try {
  for (const page of site.pages) {
    if (page.kind === "landing") write(page.file, renderLanding(site));
    if (page.kind === "events") write(page.file, renderEvents(site));
    if (page.kind === "history") write(page.file, renderHistory(site));
    if (page.kind === "emulator") write(page.file, renderEmulator(site));
    if (page.kind === "parity") write(page.file, await renderParity(site, page.file));
    if (page.kind === "guides") write(page.file, renderGuides(site));
    if (page.kind === "guide") {
      const workflow = site.guides.workflows.find((w) => w.workflowId === page.workflow);
      if (!workflow)
        throw new Error(`the page registry lists ${page.file} for the workflow "${page.workflow}", which no file has`);
      write(page.file, renderGuide(site, workflow));
    }
    if (page.kind !== "reference") continue;
    const doc = site.referenced.find((d) => d.name === page.document);
    if (!doc) throw new Error(`the page registry lists ${page.file} for "${page.document}", which has no operations`);
    const copy = enrichBundle(
      doc,
      site.nav.filter((n) => n.href !== page.file),
      { port: doc.mockPort, fixture },
    );
    const definitionFile = join(work, `${doc.name}.json`);
    const optionsFile = join(work, `${doc.name}.options.json`);
    writeFileSync(definitionFile, JSON.stringify(copy));
    writeFileSync(
      optionsFile,
      JSON.stringify({
        codeSamples: {
          languages: SAMPLE_LANGUAGES,
        },
        downloadUrls: [{ url: `openapi/${doc.name}.json`, title: `${doc.name}.json` }],
      }),
    );
    writeFileSync(join(outDir, "openapi", `${doc.name}.json`), `${JSON.stringify(doc.bundle, null, 2)}\n`);
    sizes[page.file] = buildReferencePage({
      definitionFile,
      optionsFile,
      outputFile: join(outDir, page.file),
      title: `${doc.title} reference`,
      scriptHref: `assets/${script}`,
      head: [
        '<link rel="icon" href="assets/favicon.svg" type="image/svg+xml">',
        '<link rel="stylesheet" href="assets/reference.css">',
        '<script type="module" src="assets/reference-links.js"></script>',
        '<script type="module" src="assets/reference-labels.js"></script>',
        `<meta name="xads-console" content="${consoleDataFile(doc.name)}">`,
        '<link rel="stylesheet" href="assets/console.css">',
        '<script type="module" src="assets/console.js"></script>',
        uploadPanelHead(doc.name),
      ].join(""),
    });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** @param {number} n */
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
// The guides in one entry: their count, total and range.
const guides = Object.entries(sizes).filter(([name]) => name.startsWith("guide-"));
const guideSizes = guides.map(([, size]) => size);
const summary = [
  ...Object.entries(sizes)
    .filter(([name]) => !name.startsWith("guide-"))
    .map(([name, size]) => `${name} ${kib(size)}`),
  ...(guides.length > 0
    ? [
        `${guides.length} guide-*.html ${kib(guideSizes.reduce((a, b) => a + b, 0))} (${kib(Math.min(...guideSizes))} to ${kib(Math.max(...guideSizes))})`,
      ]
    : []),
].join(", ");
const { size: workerSize } = statSync(join(outDir, WORKER_FILE));
console.log(
  `docs: ${summary}; shared ${script}; ${WORKER_FILE} ${kib(workerSize)}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
