// The built site as a reader uses it: on a phone (nothing scrolls sideways, the header stays small and
// never covers what a link leads to), with assistive technology (no serious or critical axe-core
// violation), following links (every one resolves, Redoc's routes included), searching an operation
// by its id, without JavaScript, and in words that match what `pnpm start` serves today.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileOf } from "../src/pages.mjs";
import { loadSite } from "../src/site.mjs";
import { seriousViolations } from "./axe.js";
import { type Harness, screenshotsDir, startHarness } from "./harness.js";
import { fragmentOf, linksOf, missingIds, missingRoutes } from "./links.js";

type SiteDocument = ReturnType<typeof loadSite>["referenced"][number];
type Operation = SiteDocument["operations"][number];

const site = loadSite();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1400, height: 900 };
const isReference = (file: string) => site.referenced.some((d) => d.page === file);
/** The route of an operation's deep link: `#/<tag>/<id>` without `#/`. */
const routeOf = (op: Operation) => op.link.slice(op.link.indexOf("#") + 2);

let harness: Harness;
let page: Page;

beforeAll(async () => {
  harness = await startHarness();
  page = harness.page;
});

afterAll(async () => {
  await harness?.close();
});

/**
 * Opens a page of the site (a file, with a fragment if any); on a reference page, waits until Redoc
 * took over the page as served (its search field no longer says "Loading...").
 */
async function open(target: string) {
  await page.goto(`${harness.base}/${target}`);
  if (!isReference(target.split("#")[0] ?? "")) return;
  await page.waitForFunction(
    () => {
      const search = document.querySelector('[data-testid="search-trigger"]');
      return search !== null && !search.textContent?.includes("Loading");
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** Shows an operation of the reference page on screen and waits until Redoc rendered it. */
async function show(op: Operation) {
  await page.evaluate(
    (hash) => {
      window.location.hash = hash;
    },
    op.link.slice(op.link.indexOf("#")),
  );
  await page.waitForFunction((id) => document.getElementById(id) !== null, routeOf(op), { timeout: 10_000 });
}

const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

/** The header's rows (distinct tops of its links) and whether it covers the element `id`. */
const headerOver = (id: string) =>
  page.evaluate((target) => {
    const header = document.querySelector(".site-header")?.getBoundingClientRect();
    const element = document.getElementById(target)?.getBoundingClientRect();
    const tops = new Set(
      [...document.querySelectorAll(".site-header nav a")].map((a) => a.getBoundingClientRect().top),
    );
    return { rows: tops.size, covers: !header || !element || element.top < header.bottom - 1 };
  }, id);

describe("on a phone (390 × 844)", () => {
  beforeAll(async () => page.setViewportSize(PHONE));
  afterAll(async () => page.setViewportSize(DESKTOP));

  it("no page scrolls sideways: the site's pages, each reference page and its widest operation", async () => {
    const wide: string[] = [];
    for (const { file } of site.pages) {
      await open(file);
      if ((await pageWidth()) > PHONE.width) wide.push(`${file}: ${await pageWidth()} px`);
      const doc = site.referenced.find((d) => d.page === file);
      if (!doc) continue;
      const longest = doc.operations.reduce((a, b) => (b.path.length > a.path.length ? b : a));
      await show(longest);
      if ((await pageWidth()) > PHONE.width) wide.push(`${longest.link}: ${await pageWidth()} px`);
    }
    expect(wide).toEqual([]);
    await open(fileOf(site.pages, "landing"));
    await page.screenshot({ path: join(screenshotsDir, "landing-phone.png") });
  }, 60_000);
});

describe("the header", () => {
  // An anchor of each kind a reader follows: a section of the landing page, a step of a guide, an event type.
  const guide = site.pages.find((p) => p.kind === "guide")?.file ?? "";
  const workflow = site.guides.workflows.find((w) => guide === `guide-${w.workflowId}.html`);
  const targets = [
    [fileOf(site.pages, "landing"), "errors"],
    [fileOf(site.pages, "landing"), "operations"],
    [guide, `step-${workflow?.steps.at(-1)?.stepId}`],
  ] as const;

  it.each([
    ["a phone", 1, PHONE],
    ["a tablet", 2, { width: 768, height: 1024 }],
    ["a desktop", 2, DESKTOP],
  ] as const)("on %s: at most %i rows, and never over what a link leads to", async (_, rows, viewport) => {
    await page.setViewportSize(viewport);
    try {
      for (const [file, id] of targets) {
        await open(`${file}#${id}`);
        const over = await headerOver(id);
        expect(over.rows, `${file}: the header's rows`).toBeLessThanOrEqual(rows);
        expect(over.covers, `${file}#${id} is below the header`).toBe(false);
      }
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});

describe("accessibility (axe-core: no serious or critical violation)", () => {
  it("every page of the site's own, on a phone in the light scheme and on a desktop in the dark one", async () => {
    const found: string[] = [];
    const runs = [
      [PHONE, "light"],
      [DESKTOP, "dark"],
    ] as const;
    try {
      for (const [viewport, colorScheme] of runs) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        for (const { file } of site.pages.filter((p) => !isReference(p.file))) {
          await open(file);
          const where = `${file} at ${viewport.width} px, ${colorScheme}`;
          found.push(...(await seriousViolations(page)).map((v) => `${where}: ${v}`));
        }
      }
    } finally {
      await page.setViewportSize(DESKTOP);
      await page.emulateMedia({ colorScheme: "light" });
    }
    expect(found).toEqual([]);
  }, 90_000);

  /**
   * The operations whose rendering differs in what axe checks: one per HTTP method (its badge), the
   * batches (nested schema levels) and those with a choice of media types (a menu).
   */
  const operationsToCheck = (doc: SiteDocument) => {
    const firstOfMethod = new Map<string, Operation>();
    for (const op of doc.operations) if (!firstOfMethod.has(op.method)) firstOfMethod.set(op.method, op);
    const more = doc.operations.filter((op) => op.batch || (op.requestBody?.mediaTypes.length ?? 0) > 1);
    return [...new Set([...firstOfMethod.values(), ...more])];
  };

  it.each(site.referenced.map((d) => [d.page, d] as const))(
    "%s: the page, on a phone and a desktop; its operations of each kind; the search; the dark theme",
    async (file, doc) => {
      const found: string[] = [];
      await page.setViewportSize(PHONE);
      await open(file);
      found.push(...(await seriousViolations(page)).map((v) => `${file} at ${PHONE.width} px: ${v}`));
      await page.setViewportSize(DESKTOP);
      await open(file);
      found.push(...(await seriousViolations(page)).map((v) => `${file}: ${v}`));
      for (const op of operationsToCheck(doc)) {
        await show(op);
        found.push(...(await seriousViolations(page, routeOf(op))).map((v) => `${op.link}: ${v}`));
      }
      await page.getByText("Search", { exact: false }).first().click();
      await page.getByPlaceholder("Search docs...").fill(doc.operations[0]?.summary ?? "a");
      await page.locator('a[data-component-name="Search/SearchItem"]').first().waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `${file}, searching: ${v}`));
      await page.keyboard.press("Escape");
      // Redoc's dark theme, which follows the reader's color scheme (and which Redoc then keeps in the
      // origin's storage, so it is forgotten afterwards): the page at its first operation checked above.
      const first = operationsToCheck(doc)[0] as Operation;
      await page.emulateMedia({ colorScheme: "dark" });
      try {
        await open(first.link);
        await show(first);
        found.push(...(await seriousViolations(page)).map((v) => `${first.link}, dark: ${v}`));
      } finally {
        await page.evaluate(() => window.localStorage.clear());
        await page.emulateMedia({ colorScheme: "light" });
      }
      expect(found).toEqual([]);
    },
    60_000,
  );
});

describe("links", () => {
  it("every link of every page resolves: same-origin files answer 200, fragments name what their page renders", async () => {
    const origin = new URL(harness.base).origin;
    /** Where each target was first linked from, for the message. */
    const linkedFrom = new Map<string, string>();
    const fragments = new Map<string, Set<string>>();
    for (const { file } of site.pages) {
      await open(file);
      for (const link of await linksOf(page)) {
        const url = new URL(link.url);
        if (url.origin !== origin) continue;
        const fragment = fragmentOf(link.href);
        const key = `${url.pathname}${fragment === undefined ? "" : `#${fragment}`}`;
        if (!linkedFrom.has(key)) linkedFrom.set(key, `${file}: ${link.href}`);
        if (!linkedFrom.has(url.pathname)) linkedFrom.set(url.pathname, `${file}: ${link.href}`);
        if (fragment === undefined) continue;
        const set = fragments.get(url.pathname) ?? new Set<string>();
        set.add(fragment);
        fragments.set(url.pathname, set);
      }
    }
    const broken: string[] = [];
    const paths = [...linkedFrom.keys()].filter((k) => !k.includes("#"));
    expect(paths.length).toBeGreaterThan(site.pages.length);
    for (const path of paths) {
      const response = await fetch(`${harness.base}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) broken.push(`${linkedFrom.get(path)} answers ${response.status}`);
    }
    for (const [path, set] of fragments) {
      const file = path.slice(1) || "index.html";
      await open(file);
      const missing = isReference(file) ? await missingRoutes(page, [...set]) : await missingIds(page, [...set]);
      for (const fragment of missing)
        broken.push(`${linkedFrom.get(`${path}#${fragment}`)}: ${file} has no #${fragment}`);
    }
    expect(broken).toEqual([]);
  }, 90_000);

  it("the reference pages' tag groups link to their hash routes, as served and after Redoc renders", async () => {
    const doc = site.referenced.find((d) => d.name === "ads") ?? site.referenced[0];
    const group = `#/${routeOf(doc?.operations[0] as Operation).split("/")[0]}`;
    await open(doc?.page ?? "");
    const hrefs = await page.$$eval("#redoc a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs).toContain(group);
    expect(hrefs.filter((h) => h.startsWith("/"))).toEqual([]);
    await page.locator(`a[href="${group}"]`).first().click();
    await page.waitForURL(`${harness.base}/${doc?.page}${group}`);
  });
});

describe("search", () => {
  it.each(site.referenced.map((d) => [d.page, d] as const))(
    "%s: an operation's id finds its operation",
    async (file, doc) => {
      const op = (doc.operations.find((o) => o.id === "getFundingInstrument") ?? doc.operations.at(-1)) as Operation;
      await open(file);
      await page.getByText("Search", { exact: false }).first().click();
      await page.getByPlaceholder("Search docs...").fill(op.id);
      const hash = op.link.slice(op.link.indexOf("#"));
      await page
        .locator(`a[data-component-name="Search/SearchItem"][href="${hash}"]`)
        .first()
        .click({ timeout: 10_000 });
      await page.waitForURL(`${harness.base}/${op.link}`);
      await page.waitForFunction((id) => document.getElementById(id) !== null, routeOf(op));
    },
  );
});

describe("without JavaScript", () => {
  it("the landing page, a guide and a reference page keep their content", async () => {
    const browser = harness.context.browser();
    if (!browser) throw new Error("the harness's context has no browser");
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    await context.route(
      (url) => !url.href.startsWith(`${harness.base}/`),
      (route) => route.abort(),
    );
    try {
      const reader = await context.newPage();
      await reader.goto(`${harness.base}/${fileOf(site.pages, "landing")}`);
      const total = site.referenced.reduce((n, d) => n + d.operations.length, 0);
      await expect(reader.locator("a.operation-link").count()).resolves.toBe(total);
      await expect(reader.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        PHONE.width,
      );
      const workflow = site.guides.workflows[0];
      await reader.goto(`${harness.base}/guide-${workflow?.workflowId}.html`);
      await expect(reader.locator("li.step").count()).resolves.toBe(workflow?.steps.length);
      const doc = site.referenced.find((d) => d.name === "ads") ?? site.referenced[0];
      await reader.goto(`${harness.base}/${doc?.page}`);
      await expect(reader.locator("#redoc h1").textContent()).resolves.toContain(String(doc?.bundle.info?.title));
      const hrefs = await reader.$$eval("#redoc a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
      expect(hrefs.filter((h) => h.startsWith("#/")).length).toBeGreaterThan(1);
      expect(hrefs.filter((h) => h.startsWith("/"))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the words", () => {
  it("the landing page names the emulator that `pnpm start` serves, and the mocks only with --static", async () => {
    await open(fileOf(site.pages, "landing"));
    // The page's own prose: its paragraphs and lists (the tables quote the spec's descriptions).
    const text = (await page.$$eval("main > p, main > ul > li, main > ol > li", (es) => es.map((e) => e.textContent)))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(text).not.toMatch(/local mock/i);
    const headers = await page.$$eval("#hosts ~ .scroll-x th", (ths) => ths.map((th) => th.textContent));
    expect(headers).toContain("Local emulator");
    await expect(page.locator(`main a[href="${fileOf(site.pages, "emulator")}"]`).count()).resolves.toBeGreaterThan(0);
    const sentences = text.split(/(?<=\.)\s+/);
    const aboutMocks = sentences.filter((s) => /\bmocks?\b|Prefer/.test(s));
    expect(aboutMocks.length).toBeGreaterThan(0);
    for (const sentence of aboutMocks) expect(sentence).toContain("--static");
  });

  it("no operation's description, parameters or answers speak of the seeds (notes for the spec's maintainers)", () => {
    const speaks = site.referenced.flatMap((d) =>
      d.operations.flatMap((op) =>
        [
          ["description", op.raw.description],
          ...op.parameters.map((p) => [`parameter ${p.name}`, p.description]),
          ...op.responses.map((r) => [`answer ${r.status}`, r.description]),
        ]
          .filter(([, text]) => /\bseeds?\b/i.test(String(text ?? "")))
          .map(([where]) => `${op.id}: ${where}`),
      ),
    );
    expect(speaks).toEqual([]);
  });
});

describe("the whole visit", () => {
  it("made no request outside the origin and logged no console error", () => {
    expect(harness.outsideRequests).toEqual([]);
    expect(harness.consoleErrors).toEqual([]);
  });
});
