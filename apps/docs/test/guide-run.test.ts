// The guides run in their pages: every workflow of the site runs to the end against the emulator in the
// page and passes (retries waiting as a reader sees them), "Next step" sends one request a click, a
// child workflow's steps sit under it, a failed check shows FAILED with its message, and a page with a
// finished run stays readable (no serious axe finding, 390 px wide) with nothing leaving the origin.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { RunEvent } from "@xads/workflows/runner";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shownHeaders } from "../src/browser/guide-headers.mjs";
import { GUIDE_RUN_FILE } from "../src/browser-bundles.mjs";
import { guideFile } from "../src/pages.mjs";
import { loadSite } from "../src/site.mjs";
import { seriousViolations } from "./axe.js";
import { BUDGETS } from "./budgets.js";
import { distDir, type Harness, startHarness } from "./harness.js";

const site = loadSite();
const PHONE = { width: 390, height: 844 };
// A workflow that runs a child workflow (its first step) before its own steps.
const WITH_CHILD = "softDeleteWithDeleted";
const CHILD = "sandboxAccount";

let harness: Harness;
let page: Page;
beforeAll(async () => {
  harness = await startHarness();
  page = harness.page;
});
afterAll(async () => {
  await harness?.close();
});

/** Opens a guide page and waits until its run section has the emulator. */
async function openGuide(workflowId: string) {
  await page.goto(`${harness.base}/${guideFile(workflowId)}`);
  await page.waitForSelector("html[data-guide-ready=true]", { timeout: 30_000 });
}

/** The page's run so far (its events), through window.xadsGuide. */
const eventsOf = () =>
  page.evaluate(() => (window as unknown as { xadsGuide: { events: RunEvent[] } }).xadsGuide.events);

/** Clicks a button of the run section and waits until the section is idle again. */
async function click(name: string) {
  await page.locator("#guide-run").getByRole("button", { name, exact: true }).click();
  await page.waitForFunction(() => !document.querySelector("#guide-run")?.hasAttribute("data-busy"), undefined, {
    timeout: 120_000,
  });
}

/** Steps that failed without a later passing attempt of the same step. */
function failedSteps(events: RunEvent[]) {
  const steps = events.filter((e) => e.kind === "step");
  return steps
    .filter(
      (step, i) =>
        !step.passed &&
        !(
          step.next === "retry" &&
          steps
            .slice(i + 1)
            .some(
              (later) => later.stepId === step.stepId && later.path.join("/") === step.path.join("/") && later.passed,
            )
        ),
    )
    .map(
      (s) =>
        `${s.workflowId}.${s.stepId} (attempt ${s.attempt}): ${s.checks
          .filter((c) => !c.passed)
          .map((c) => c.message)
          .join("; ")}`,
    );
}

const emulatorRequests = () =>
  page.evaluate(() =>
    fetch("_emulator/requests")
      .then((r) => r.json() as Promise<unknown[]>)
      .then((l) => l.length),
  );

describe("every guide, run in its page", () => {
  it("runs to the end and passes", async () => {
    const started = Date.now();
    const failures: string[] = [];
    let steps = 0;
    for (const { workflowId } of site.guides.workflows) {
      await openGuide(workflowId);
      await click("Run to the end");
      const events = await eventsOf();
      const result = await page.locator("#guide-run").getAttribute("data-result");
      const last = events.at(-1);
      steps += events.filter((e) => e.kind === "step").length;
      if (result !== "passed" || last?.kind !== "workflow-end" || !last.passed) {
        failures.push(
          `${workflowId}: ${result}; ${events
            .filter((e) => e.kind === "error")
            .map((e) => (e.kind === "error" ? e.message : ""))
            .join("; ")}`,
        );
      }
      failures.push(...failedSteps(events).map((f) => `${workflowId}: ${f}`));
      await expect(page.locator("[data-guide=summary]").textContent()).resolves.toContain(`${workflowId} PASSED`);
    }
    expect(failures).toEqual([]);
    expect(steps).toBeGreaterThan(site.guides.workflows.length);
    console.log(
      `${site.guides.workflows.length} guides, ${steps} step events, run in their pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});

describe("step by step", () => {
  it("sends one request a click of Next step, and shows it", async () => {
    await openGuide(WITH_CHILD);
    await page.evaluate(() => fetch("_emulator/reset", { method: "POST" }));
    expect(await emulatorRequests()).toBe(0);

    await click("Next step");
    expect((await eventsOf()).filter((e) => e.kind === "step")).toHaveLength(1);
    await expect(page.locator("[data-guide=step]").count()).resolves.toBe(1);
    expect(await emulatorRequests()).toBe(1);

    await click("Next step");
    await expect(page.locator("[data-guide=step]").count()).resolves.toBe(2);
    expect(await emulatorRequests()).toBe(2);
    const shown = page.locator("[data-guide=step]").first();
    await expect(shown.locator("[data-guide=request] code").first().textContent()).resolves.toMatch(/^POST https:\/\//);
    await expect(shown.locator("[data-console=status] strong").textContent()).resolves.toBe("200");
    // The request as signed in the page: its OAuth 1.0a Authorization cut to the scheme and consumer key.
    const headers = (await shown.locator("details", { hasText: "Request headers" }).textContent()) ?? "";
    expect(headers).toMatch(/authorization: OAuth oauth_consumer_key="[^"]+", …/);
    expect(headers).not.toContain("oauth_signature");
  });

  it("shows the result with the last step's answer, without another click", async () => {
    const oneStep = site.guides.workflows.find((w) => w.steps.length === 1 && !w.steps[0]?.workflowId);
    expect(oneStep).toBeDefined();
    await openGuide(String(oneStep?.workflowId));
    await click("Next step");
    await expect(page.locator("[data-guide=step]").count()).resolves.toBe(1);
    await expect(page.locator("#guide-run").getAttribute("data-result")).resolves.toBe("passed");
    await expect(page.locator("[data-guide=next]").getAttribute("aria-disabled")).resolves.toBe("true");
  });

  it("shows a child workflow's steps under its name, and a step links to its text", async () => {
    await openGuide(WITH_CHILD);
    await click("Run to the end");
    const child = page.locator(`[data-workflow=${WITH_CHILD}] [data-workflow=${CHILD}]`);
    await expect(child.locator("[data-guide=step]").count()).resolves.toBe(
      site.guides.workflows.find((w) => w.workflowId === CHILD)?.steps.length,
    );
    await expect(child.locator("a").first().getAttribute("href")).resolves.toBe(guideFile(CHILD));
    const own = page.locator(`[data-workflow=${WITH_CHILD}] > ol > [data-step-id=createCampaign]`);
    await expect(own.locator("h5 a").getAttribute("href")).resolves.toBe("#step-createCampaign");
    await expect(page.locator(`[data-workflow=${WITH_CHILD}] > [data-guide=result]`).textContent()).resolves.toContain(
      "PASSED",
    );
  });

  it("shows FAILED with the check's message when the emulator answers 503 (a fault)", async () => {
    await openGuide(WITH_CHILD);
    const added = await page.evaluate(() =>
      fetch("_emulator/faults", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ operationId: "createAccount", status: 503, times: 1 }),
      }).then((r) => r.status),
    );
    expect(added).toBe(200);
    await click("Run to the end");
    await expect(page.locator("#guide-run").getAttribute("data-result")).resolves.toBe("failed");
    await expect(page.locator("[data-guide=summary]").textContent()).resolves.toContain("FAILED");
    const failed = page.locator("[data-step-id=createAccount] .check-failed").first();
    await expect(failed.textContent()).resolves.toContain("$statusCode == 200");
    await expect(failed.textContent()).resolves.toContain("503");

    await click("Start over");
    await expect(page.locator("[data-guide=step]").count()).resolves.toBe(0);
    await click("Run to the end");
    await expect(page.locator("#guide-run").getAttribute("data-result")).resolves.toBe("passed");
  });
});

describe("what a step shows of its request", () => {
  it("cuts the Authorization header to its scheme and consumer key, and a token to sign with", () => {
    const oauth =
      'OAuth oauth_consumer_key="key123", oauth_nonce="n", oauth_signature="c2lnbmF0dXJl", oauth_token="tok-secret-1"';
    expect(
      shownHeaders({
        Authorization: oauth,
        "x-xads-sign-token": "1234567890-accesstoken",
        "content-type": "application/json",
      }),
    ).toEqual([
      ["Authorization", 'OAuth oauth_consumer_key="key123", …'],
      ["x-xads-sign-token", "1234…"],
      ["content-type", "application/json"],
    ]);
    expect(shownHeaders({ authorization: "Bearer AAAAthe-whole-token" })).toEqual([["authorization", "Bearer …"]]);
  });
});

describe("the run's script", () => {
  it("stays within its budget, gzipped", () => {
    const size = gzipSync(readFileSync(join(distDir, GUIDE_RUN_FILE)), { level: 9 }).byteLength;
    expect(size).toBeGreaterThan(5_000);
    expect(size).toBeLessThanOrEqual(BUDGETS.guideRunGzipBytes);
    console.log(`${GUIDE_RUN_FILE}: ${(size / 1024).toFixed(1)} KiB gzipped`);
  });
});

describe("a guide page with a finished run", () => {
  it("has no serious or critical axe violation, its headers opened", async () => {
    await openGuide(WITH_CHILD);
    await click("Run to the end");
    await page.$$eval("#guide-run details", (all) => {
      for (const d of all) (d as HTMLDetailsElement).open = true;
    });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("fits 390 px wide", async () => {
    await page.setViewportSize(PHONE);
    try {
      await openGuide(WITH_CHILD);
      await click("Run to the end");
      await page.$$eval("#guide-run details", (all) => {
        for (const d of all) (d as HTMLDetailsElement).open = true;
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it("sent nothing outside the origin", () => {
    expect(harness.outsideRequests).toEqual([]);
  });
});
