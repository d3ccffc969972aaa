// The built site in a real browser: every operation reachable by its deep link, search, the landing page's
// links, the history and events pages, the guides (one per workflow), and nothing loaded from outside the site.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readWorkflows } from "@xads/spec/lib/workflows.mjs";
import { rateLimitWindows } from "@xads/types/facts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emulatorReadme, stateRulesSection } from "../src/emulator.mjs";
import { fileOf, guideFile, navOf } from "../src/pages.mjs";
import { loadSite } from "../src/site.mjs";
import { distDir, type Harness, screenshotsDir, startHarness } from "./harness.js";

type Operation = ReturnType<typeof loadSite>["referenced"][number]["operations"][number];

const site = loadSite();
/** The reference pages of the page registry, each with its document. */
const references = site.pages.flatMap((p) => {
  const doc = site.referenced.find((d) => d.name === p.document);
  return p.kind === "reference" && doc ? [[p.file, doc] as const] : [];
});
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
 * Waits until the operation's heading is on screen, near the top (Redoc scrolled to it), and its page
 * holds the given texts (the operation's cross-field rules).
 */
async function expectOperationShown(op: Operation, texts: string[] = []) {
  const summary = op.summary || op.id;
  await page.waitForFunction(
    ([text, wanted]) => {
      const shown = [...document.querySelectorAll("h1, h2")].some((h) => {
        if (h.textContent?.trim() !== text) return false;
        const top = h.getBoundingClientRect().top;
        return top >= 0 && top < window.innerHeight / 2;
      });
      const content = document.getElementById("redoc")?.textContent ?? "";
      return shown && wanted.every((t) => content.includes(t));
    },
    [summary, texts] as const,
    { timeout: 10_000 },
  );
}

/** The first words of a rule's description, as Redoc renders them (before any code span). */
const ruleText = (rule: { description: string }) => rule.description.split(/[`\n]/)[0]?.trim() ?? "";

describe("the page registry", () => {
  it("was built page by page, and every page shows the registry as its navigation", async () => {
    expect(references.map(([file]) => file)).toEqual(site.referenced.map((d) => d.page));
    const nav = navOf(site.pages).map((n) => n.href);
    expect(nav).toContain(fileOf(site.pages, "guides"));
    for (const { file, kind, parent } of site.pages) {
      expect(existsSync(join(distDir, file)), `${file} exists`).toBe(true);
      if (kind === "reference") continue;
      expect(nav.includes(file), `${file} is in the navigation unless it has a parent`).toBe(!parent);
      await page.goto(`${harness.base}/${file}`);
      const links = await page.$$eval("header.site-header nav a", (as) => as.map((a) => a.getAttribute("href")));
      expect(links).toEqual(nav);
      const current = await page.$$eval('header.site-header nav a[aria-current="page"]', (as) =>
        as.map((a) => a.getAttribute("href")),
      );
      expect(current).toEqual([parent ?? file]);
    }
  });
});

describe("landing page", () => {
  it("explains hosts, authentication, conventions, errors and rate limits, and links every operation", async () => {
    await page.goto(`${harness.base}/${fileOf(site.pages, "landing")}`);
    for (const id of ["hosts", "authentication", "conventions", "batches", "errors", "rate-limits", "operations"]) {
      await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
    }
    const linked = await page.$$eval("a.operation-link", (as) =>
      as.map((a) => [a.getAttribute("data-operation-id"), a.getAttribute("href")]),
    );
    const expected = site.referenced.flatMap((d) => d.operations.map((op) => [op.id, op.link]));
    expect(linked.sort()).toEqual(expected.sort());
    // The windows come from the spec (x-xads-rate-limits), one row each.
    const windows = await page.$$eval("table.rate-limit-windows tbody tr", (rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].slice(1).map((td) => td.textContent)),
    );
    expect(windows).toEqual(
      Object.values(rateLimitWindows).map((w) => [w.limit.toLocaleString("en-US"), expect.any(String)]),
    );
    expect(windows).toContainEqual(["450", "1 min"]);
    await page.screenshot({ path: join(screenshotsDir, "landing.png"), fullPage: false });
  });

  it("links only to files the site has", async () => {
    await page.goto(`${harness.base}/`);
    const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
    const files = new Set(hrefs.filter((h) => !h.startsWith("#")).map((h) => h.split("#")[0] ?? ""));
    expect(files.size).toBeGreaterThan(2);
    for (const file of files) {
      expect(file, "links are relative, so the site works under any base URL").not.toMatch(/^(\/|https?:)/);
      expect(existsSync(join(distDir, file)), `${file} exists`).toBe(true);
    }
  });
});

describe.each(references)("reference page %s", (file, doc) => {
  it("opens an operation from a fresh deep link", async () => {
    const op = doc.operations.at(-1) as Operation;
    await page.goto(`${harness.base}/${op.link}`);
    await expectOperationShown(op);
    if (doc.name === "ads") await page.screenshot({ path: join(screenshotsDir, "operation.png") });
  });

  it(
    "shows every operation at its deep link, with its cross-field rules",
    async () => {
      await page.goto(`${harness.base}/${file}`);
      for (const op of doc.operations) {
        const hash = op.link.slice(op.link.indexOf("#"));
        await page.evaluate((h) => {
          window.location.hash = h;
        }, hash);
        await expectOperationShown(op, op.rules.map(ruleText).filter(Boolean));
      }
    },
    20_000 + 1_000 * doc.operations.length,
  );

  it("shows the generated curl and TypeScript samples", async () => {
    const op = doc.operations[0] as Operation;
    await page.goto(`${harness.base}/${op.link}`);
    await expectOperationShown(op);
    const visibleCode = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("#right-panel pre, pre")]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return r.top >= 0 && r.top < window.innerHeight && r.height > 0;
          })
          .map((e) => e.textContent ?? "")
          .join("\n"),
      );
    // The language menu beside this operation (the choice persists across pages, so pick both explicitly).
    const choose = async (language: string) => {
      const buttons = page.getByRole("button", { name: /^(curl|TypeScript)$/ });
      const tops = await buttons.evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
      const index = tops.findIndex((top) => top >= 0 && top < 900);
      expect(index, "a language menu on screen").toBeGreaterThanOrEqual(0);
      await buttons.nth(index).click();
      await page.getByRole("menuitem", { name: language, exact: true }).click();
    };
    await choose("curl");
    await expect(visibleCode()).resolves.toMatch(/^curl /m);
    await choose("TypeScript");
    await expect(visibleCode()).resolves.toContain(`.${op.method.toUpperCase()}(${JSON.stringify(op.path)}`);
    await expect(visibleCode()).resolves.toContain(`from "@xads/client"`);
  });

  it("finds an operation by name with search", async () => {
    const op = doc.operations[Math.floor(doc.operations.length / 2)] as Operation;
    const summary = op.summary || op.id;
    const hash = op.link.slice(op.link.indexOf("#"));
    await page.goto(`${harness.base}/${file}`);
    await page.getByText("Search", { exact: false }).first().click();
    await page.getByPlaceholder("Search docs...").fill(summary);
    const result = page.locator(`a[data-component-name="Search/SearchItem"][href="${hash}"]`);
    await result.first().click({ timeout: 10_000 });
    await expectOperationShown(op);
    expect(page.url()).toBe(`${harness.base}/${op.link}`);
  });
});

describe("history and events", () => {
  for (const file of [fileOf(site.pages, "history"), fileOf(site.pages, "events")]) {
    it(`${file} renders its data or says it is not yet available`, async () => {
      await page.goto(`${harness.base}/${file}`);
      await expect(page.locator("h1").textContent()).resolves.toMatch(/Change history|Events/);
      const entries = await page.locator("li.change, table.events tbody tr, .note").count();
      expect(entries).toBeGreaterThan(0);
    });
  }
});

describe("emulator page", () => {
  it("explains start, auth modes, admin, fixture, snapshots and faults, lists every state rule, and links only to files the site has", async () => {
    await page.goto(`${harness.base}/${fileOf(site.pages, "emulator")}`);
    for (const id of ["start", "auth-modes", "admin", "fixture", "snapshot", "faults", "state-rules"]) {
      await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
    }
    const rules = await page.$$eval("#state-rules ~ .scroll-x tbody tr", (rows) =>
      rows.map((r) => r.textContent ?? ""),
    );
    const listed =
      stateRulesSection(readFileSync(emulatorReadme, "utf8"))
        .split("\n")
        .filter((line) => /^\|\s*[^-\s]/.test(line)).length - 1;
    expect(rules.length).toBe(listed);
    // Each row names its rule's id and title, never where the rule came from (for maintainers).
    expect(rules.every((r) => /^\s*[a-z0-9-]+\s+\S/.test(r) && !/\bseeds?\b|facts file/i.test(r))).toBe(true);
    const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
    for (const file of new Set(hrefs.filter((h) => !h.startsWith("#")).map((h) => h.split("#")[0] ?? ""))) {
      expect(file, "links are relative").not.toMatch(/^(\/|https?:)/);
      expect(existsSync(join(distDir, file)), `${file} exists`).toBe(true);
    }
    await page.screenshot({ path: join(screenshotsDir, "emulator.png") });
  });
});

/**
 * The links of the page on screen: each relative (so the site works under any base URL), to a file the
 * site has, and a fragment to an element that page has (checked here for the site's own pages; Redoc's
 * routes are checked where the tests follow them).
 */
async function expectLinksResolve() {
  const hrefs = await page.$$eval("main a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
  for (const href of new Set(hrefs)) {
    expect(href, "links are relative").not.toMatch(/^\/|^javascript:/i);
    if (/^[a-z]+:/i.test(href)) continue; // a link a description writes to another site
    const [file = "", fragment] = href.split("#");
    if (file) expect(existsSync(join(distDir, file)), `${href}: ${file} exists`).toBe(true);
    if (fragment && !fragment.startsWith("/")) {
      const text = file ? readFileSync(join(distDir, file), "utf8") : await page.content();
      expect(text, `${href}: the page has the id ${fragment}`).toContain(`id="${fragment}"`);
    }
  }
}

describe("guides", () => {
  const workflows = readWorkflows();
  const operationLinks = new Set(site.referenced.flatMap((d) => d.operations.map((op) => op.link)));
  const guides = site.pages.filter((p) => p.kind === "guide");

  it("the index introduces the workflows and how they run, and lists every workflow with a link to its page", async () => {
    await page.goto(`${harness.base}/${fileOf(site.pages, "guides")}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Guides");
    const intro = (await page.locator("main").textContent()) ?? "";
    expect(intro).toContain("redocly respect");
    expect(intro).toContain("npx -y pnpm@10 workflows:sandbox");
    const listed = await page.$$eval("a.guide-link", (as) => as.map((a) => [a.getAttribute("href"), a.textContent]));
    expect(listed).toEqual(workflows.map((w) => [guideFile(w.workflowId), w.summary]));
    const files = await page.$$eval("section.workflow-file h3", (hs) => hs.map((h) => h.textContent));
    expect(files).toEqual(site.guides.files.map((f) => f.title));
    await expectLinksResolve();
    await page.screenshot({ path: join(screenshotsDir, "guides.png") });
  });

  it(
    "each guide shows its workflow: title, what it shows, its steps in order, links that resolve",
    async () => {
      expect(guides.map((p) => p.workflow)).toEqual(workflows.map((w) => w.workflowId));
      for (const workflow of workflows) {
        await page.goto(`${harness.base}/${guideFile(workflow.workflowId)}`);
        await expect(page.locator("h1").textContent()).resolves.toBe(workflow.summary);
        const steps = await page.$$eval("li.step h3 code", (cs) => cs.map((c) => c.textContent));
        expect(steps).toEqual(workflow.steps.map((s) => s.stepId));
        const shows = (await page.locator("#shows").textContent()) ?? "";
        if (workflow.rule) {
          const rule = site.guides.rules.find((r) => r.id === workflow.rule);
          expect(shows).toContain(rule?.title);
          expect(shows).toContain(rule?.id);
          expect(shows).not.toContain(rule?.source);
        }
        if (workflow.flow) expect(shows).toContain("end-to-end flow");
        const sandbox = (await page.locator("#sandbox").textContent()) ?? "";
        expect(sandbox.startsWith("Emulator only")).toBe(workflow.sandboxSkip !== undefined);
        const calls = await page.$$eval("a.operation-link", (as) => as.map((a) => a.getAttribute("href") ?? ""));
        for (const href of calls) {
          expect(operationLinks.has(href) || href === `${fileOf(site.pages, "emulator")}#admin`, href).toBe(true);
        }
        await expectLinksResolve();
      }
    },
    30_000 + 500 * workflows.length,
  );

  it("renders a workflow description's Markdown", async () => {
    const withCode = workflows.filter((w) => /`[^`\n]+`/.test(w.description));
    expect(withCode.length, "a workflow whose description has a code span").toBeGreaterThan(0);
    for (const workflow of withCode) {
      const span = /`([^`\n]+)`/.exec(workflow.description)?.[1];
      await page.goto(`${harness.base}/${guideFile(workflow.workflowId)}`);
      const codes = await page.$$eval(".description code", (cs) => cs.map((c) => c.textContent));
      expect(codes).toContain(span);
      await expect(page.locator(".description").textContent()).resolves.not.toContain("`");
    }
  });

  it("an operation link opens its operation on the reference page", async () => {
    const workflow = workflows.find((w) => w.steps.some((s) => s.operationId && !s.operationId.includes(".emulator.")));
    expect(workflow).toBeDefined();
    await page.goto(`${harness.base}/${guideFile(workflow?.workflowId ?? "")}`);
    const link = page.locator('a.operation-link:not([href^="emulator.html"])').first();
    const [href, id] = await Promise.all([link.getAttribute("href"), link.getAttribute("data-operation-id")]);
    const op = site.referenced.flatMap((d) => d.operations).find((o) => o.link === href && o.id === id);
    expect(op, `${href} is the link of ${id}`).toBeDefined();
    await link.click();
    await page.waitForURL(`${harness.base}/${href}`);
    const section = decodeURIComponent(String(href).slice(String(href).indexOf("#") + 1));
    await page.waitForSelector(`[data-section-id="${section}"]`, { timeout: 10_000 });
    await expectOperationShown(op as Operation);
    await page.goBack();
    await page.screenshot({ path: join(screenshotsDir, "guide.png") });
  });
});

describe("the whole visit", () => {
  it("made no request outside the origin and logged no console error", () => {
    expect(harness.outsideRequests).toEqual([]);
    expect(harness.consoleErrors).toEqual([]);
  });
});
