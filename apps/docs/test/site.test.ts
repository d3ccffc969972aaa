// The built site in a real browser: every operation reachable by its deep link, search, the landing page's
// links, the history and events pages, and nothing loaded from outside the site.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emulatorReadme, stateRulesSection } from "../src/emulator.mjs";
import { fileOf } from "../src/pages.mjs";
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
    for (const { file, kind } of site.pages) {
      expect(existsSync(join(distDir, file)), `${file} exists`).toBe(true);
      if (kind === "reference") continue;
      await page.goto(`${harness.base}/${file}`);
      const links = await page.$$eval("header.site-header nav a", (as) => as.map((a) => a.getAttribute("href")));
      expect(links).toEqual(site.pages.map((p) => p.file));
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
      await page.getByRole("menuitem", { name: language }).click();
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
    const rules = await page.$$eval("#state-rules ~ table tbody tr", (rows) => rows.map((r) => r.textContent ?? ""));
    const listed =
      stateRulesSection(readFileSync(emulatorReadme, "utf8"))
        .split("\n")
        .filter((line) => /^\|\s*[^-\s]/.test(line)).length - 1;
    expect(rules.length).toBe(listed);
    expect(rules.every((r) => /seed|spec|facts/i.test(r))).toBe(true);
    const hrefs = await page.$$eval("a[href]", (as) => as.map((a) => a.getAttribute("href") ?? ""));
    for (const file of new Set(hrefs.filter((h) => !h.startsWith("#")).map((h) => h.split("#")[0] ?? ""))) {
      expect(file, "links are relative").not.toMatch(/^(\/|https?:)/);
      expect(existsSync(join(distDir, file)), `${file} exists`).toBe(true);
    }
    await page.screenshot({ path: join(screenshotsDir, "emulator.png") });
  });
});

describe("the whole visit", () => {
  it("made no request outside the origin and logged no console error", () => {
    expect(harness.outsideRequests).toEqual([]);
    expect(harness.consoleErrors).toEqual([]);
  });
});
