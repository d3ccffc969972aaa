// Renders one reference page with Redocly build-docs (Redoc 3), then makes it load Redoc from the site
// itself: build-docs either inlines the 2 MB script into every page or imports it from Redocly's CDN;
// we keep the CDN form and point it at one shared, content-hashed copy under assets/. Redoc 3 has no
// theme option: the page's head (build.mjs) brings assets/reference.css for its colors and two small
// scripts for its links (reference-links.js) and accessible names (reference-labels.js).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const cliDir = dirname(require.resolve("@redocly/cli/package.json"));
const cli = join(cliDir, "bin/cli.js");
const standalone = join(cliDir, "lib/chunks/redoc.standalone.js");

const CDN_SCRIPT = /https:\/\/cdn\.redocly\.com\/redoc\/v[^"/]+\/bundles\/redoc\.standalone\.js/g;
const CDN_PRELOAD = /<link rel="modulepreload" href="https:\/\/cdn\.redocly\.com\/[^"]+"[^>]*\/>/;
// The "API docs by Redocly" badge loads its logo from a CDN; the site draws the same words itself.
const LOGO_URLS = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const LOGO =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14"><text x="0" y="11" font-family="sans-serif" font-size="11" fill="#0044d4">Redocly</text></svg>',
  );

// Redoc links its sidebar's title and tag groups as paths from the site's root (`/`, `/accounts`),
// which answer 404 outside Redoc's own click handling; its routes are the same paths as hash routes.
// assets/reference-links.js does the same for the links Redoc renders later.
const ROOT_PATH_LINK = / href="\/(?!\/)([^"]*)"/g;

// Redoc colors the names of nested schema levels from a fixed palette, in no theme variable, and most of
// its colors fall below 4.5:1 on white (some on its dark background too). Each becomes a custom
// property with the color as its fallback, so assets/reference.css sets readable ones per theme.
const LEVEL_PALETTE = /\[((?:`#[0-9A-Fa-f]{6}`,?){9})\]/;
/** @param {string} palette the array's items, `#9D00FF`,`#615CEA`,... */
const levelVariables = (palette) =>
  `[${[...palette.matchAll(/#[0-9A-Fa-f]{6}/g)].map((m, i) => `\`var(--xads-schema-level-${i}, ${m[0]})\``).join(",")}]`;

/**
 * Writes the shared Redoc script into `assetsDir` and returns its file name (content-hashed).
 * @param {string} assetsDir
 */
export function writeRedocScript(assetsDir) {
  const source = readFileSync(standalone, "utf8");
  const withLogo = source.replace(LOGO_URLS, LOGO);
  if (withLogo === source) throw new Error(`redoc.standalone.js: the CDN logo URL was not found; check ${standalone}`);
  const palette = LEVEL_PALETTE.exec(withLogo);
  if (!palette?.[1]?.includes("`#9D00FF`")) {
    throw new Error(`redoc.standalone.js: the schema levels' palette was not found; check ${standalone}`);
  }
  const patched = withLogo.replace(LEVEL_PALETTE, levelVariables(palette[1]));
  const hash = createHash("sha256").update(patched).digest("hex").slice(0, 10);
  const name = `redoc-${hash}.js`;
  writeFileSync(join(assetsDir, name), patched);
  return name;
}

/**
 * Runs build-docs on `definitionFile` (JSON) with Redoc `options` and writes `outputFile`, loading Redoc
 * from `scriptHref` (relative to the page). `head` is extra markup for the page's head.
 * @param {{
 *   definitionFile: string,
 *   optionsFile: string,
 *   outputFile: string,
 *   title: string,
 *   scriptHref: string,
 *   head: string,
 * }} options
 */
export function buildReferencePage({ definitionFile, optionsFile, outputFile, title, scriptHref, head }) {
  const run = spawnSync(
    process.execPath,
    [cli, "build-docs", definitionFile, "-o", outputFile, "--title", title, "--openapi", optionsFile],
    { encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off", NO_COLOR: "1" } },
  );
  if (run.status !== 0) {
    throw new Error(`redocly build-docs failed for ${definitionFile}:\n${run.stdout}\n${run.stderr}`);
  }
  let html = readFileSync(outputFile, "utf8");
  if (!CDN_PRELOAD.test(html) || (html.match(CDN_SCRIPT) ?? []).length !== 2) {
    throw new Error(`${outputFile}: build-docs output changed shape (expected one CDN preload and one import)`);
  }
  html = html
    .replace(CDN_PRELOAD, `<link rel="modulepreload" href="${scriptHref}" />${head}`)
    .replace(CDN_SCRIPT, `./${scriptHref}`)
    .replace(ROOT_PATH_LINK, ' href="#/$1"');
  if (/https?:\/\/cdn\./.test(html)) throw new Error(`${outputFile}: still refers to a CDN`);
  writeFileSync(outputFile, html);
  return Buffer.byteLength(html);
}
