// The upload reference page in Chromium, against the emulator in the page: the "Upload a file" panel
// runs @xads/client's chunked upload (INIT, APPEND per chunk, FINALIZE, STATUS until processing ends) for
// the generated sample and for a picked file, refuses bad input before sending anything, and the "Try it"
// console sends APPEND as multipart with a chosen file. Nothing leaves the origin; the page with the panel
// used has no serious axe violation and fits 390 px.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleDataFile, UPLOAD_PANEL_FILE, WORKER_FILE } from "../src/browser-bundles.mjs";
import { seriousViolations } from "./axe.js";
import { BUDGETS } from "./budgets.js";
import { openConsole } from "./console-panel.js";
import { distDir, type Harness, startHarness } from "./harness.js";

const PROCESSING_TIMEOUT_MS = 90_000;
// A failed API answer (4xx, 5xx) is the emulator's, shown in the page; Chromium logs each one.
const isAnswerLog = (line: string) => line.includes("Failed to load resource: the server responded with a status of");
/** The digits of a figure shown grouped ("2,621,440 bytes"). */
const figure = (text: string | null | undefined) => Number((text ?? "").replace(/[^\d]/g, ""));
/** Bytes no two runs share by accident: not a multiple of any chunk size the tests use. */
const madeBytes = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff));
const gzipped = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength;

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

async function openUploadPage(page: Page) {
  await openConsole(page, `${harness.base}/upload.html`);
  await page.waitForSelector("html[data-upload-panel-ready=true]", { timeout: 30_000 });
  await page.evaluate(() => fetch("_emulator/reset", { method: "POST" }));
}

async function uploadPanel(page: Page): Promise<Locator> {
  const panel = page.locator("#xads-upload");
  if (!(await panel.isVisible())) await page.getByRole("button", { name: "Upload a file" }).click();
  return panel;
}

/** Starts the upload and waits for its result or its failure; answers the result's rows by term. */
async function runUpload(panel: Locator): Promise<Record<string, string>> {
  await panel.locator("[data-upload=start]").click();
  await panel.locator("[data-upload=result], [data-upload=failure]").waitFor({ timeout: PROCESSING_TIMEOUT_MS });
  const failure = panel.locator("[data-upload=failure]");
  if (await failure.count()) throw new Error(`the panel's upload failed: ${await failure.textContent()}`);
  const terms = await panel.locator("[data-upload=result] dt").allTextContents();
  const values = await panel.locator("[data-upload=result] dd").allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? ""]));
}

/** The log's lines of one command. */
const logLines = (panel: Locator, command: string) =>
  panel.locator(`[data-upload=log] li[data-command="${command}"]`).allTextContents();

/** Chooses `id` in the console, lets `fill` edit its fields, sends it and answers the status and body shown. */
async function sendFromConsole(page: Page, id: string, fill: (console: Locator) => Promise<void>) {
  const console = page.locator("#xads-console");
  if (!(await console.isVisible())) await page.getByRole("button", { name: "Try it" }).click();
  await page.evaluate((operation) => {
    const panel = (window as unknown as { xadsConsole: { choose(id: string): boolean } }).xadsConsole;
    if (!panel.choose(operation)) throw new Error(`the console has no operation ${operation}`);
    document.querySelector("[data-console=answer]")?.replaceChildren();
  }, id);
  await fill(console);
  await console.locator("[data-console=send]").click();
  const status = console.locator("[data-console=status] strong");
  await status.waitFor();
  return {
    status: Number(await status.textContent()),
    body: (await console.locator("[data-console=body]").textContent()) ?? "",
  };
}

describe("the upload panel", () => {
  it("uploads the generated sample in several chunks, waits for processing to succeed, and the console then reads it", async () => {
    const { page } = harness;
    await openUploadPage(page);
    const panel = await uploadPanel(page);
    await panel.locator("[data-upload=category]").selectOption("amplify_video");
    const result = await runUpload(panel);

    const appends = await logLines(panel, "APPEND");
    expect(appends.length).toBeGreaterThan(1);
    expect(appends[0]).toMatch(
      new RegExp(`^APPEND 1 of ${appends.length} \\(segment_index 0, 1,048,576 bytes\\): 204`),
    );
    expect(await panel.locator('[data-upload=log] li[data-command="APPEND"][data-status="204"]').count()).toBe(
      appends.length,
    );
    const [init] = await logLines(panel, "INIT");
    expect(init).toContain("amplify_video");
    const [finalize] = await logLines(panel, "FINALIZE");
    expect(finalize).toMatch(/: 200, media id \d+, size [\d,]+ bytes, pending/);
    expect(await logLines(panel, "WAIT")).not.toEqual([]);
    const statuses = await logLines(panel, "STATUS");
    expect(statuses.at(-1)).toMatch(/: 200, .*succeeded, 100 %$/);
    expect(result["Final state"]).toBe("succeeded");
    expect(result["Media key"]).toMatch(/^13_\d+$/);
    expect(figure(result.Size)).toBe(figure(finalize?.match(/size ([\d,]+) bytes/)?.[1] ?? ""));

    const mediaId = result["Media id"] ?? "";
    expect(mediaId).toMatch(/^\d+$/);
    const status = await sendFromConsole(page, "getMediaUploadCommandStatus", async (console) => {
      await console.locator('input[name="query.command"]').fill("STATUS");
      await console.locator('input[name="query.media_id"]').fill(mediaId);
    });
    expect(status.status).toBe(200);
    expect(JSON.parse(status.body).processing_info.state).toBe("succeeded");
  }, 120_000);

  it("uploads a picked file, and FINALIZE reports its exact size", async () => {
    const { page } = harness;
    await openUploadPage(page);
    const panel = await uploadPanel(page);
    const bytes = madeBytes(123_457);
    await panel
      .locator("[data-upload=file]")
      .setInputFiles({ name: "picture.png", mimeType: "image/png", buffer: bytes });
    expect(await panel.locator("[data-upload=media-type]").inputValue()).toBe("image/png");
    await panel.locator("[data-upload=category]").selectOption("tweet_image");
    await panel.locator("[data-upload=chunk-size]").fill("50000");
    const result = await runUpload(panel);

    expect(await logLines(panel, "APPEND")).toHaveLength(3);
    const [finalize] = await logLines(panel, "FINALIZE");
    expect(figure(finalize?.match(/size ([\d,]+) bytes/)?.[1] ?? "")).toBe(bytes.length);
    expect(figure(result.Size)).toBe(bytes.length);
    expect(await logLines(panel, "STATUS")).toEqual([]);
  }, 120_000);

  it("refuses a chunk size over the limit, too many chunks and a missing file, naming the field and the rule, and sends nothing", async () => {
    const { page } = harness;
    await openUploadPage(page);
    const panel = await uploadPanel(page);
    const requestsBefore = await page.evaluate(() => fetch("_emulator/requests").then((r) => r.text()));
    const problems = panel.locator("[data-upload=problems]");

    await panel.locator("[data-upload=chunk-size]").fill("6000000");
    await panel.locator("[data-upload=start]").click();
    expect(await problems.textContent()).toContain(
      "Chunk size: a whole number of bytes from 1 to 5,242,880, the upload document's limit per APPEND (uploadLimits.maxChunkBytes); 6,000,000 is not.",
    );
    expect(await panel.locator("[data-upload=chunk-size]").getAttribute("aria-invalid")).toBe("true");

    await panel.locator("[data-upload=chunk-size]").fill("1");
    await panel.locator("[data-upload=start]").click();
    expect(await problems.textContent()).toContain(
      "Chunk size: 2,621,440 bytes in chunks of 1 make 2,621,440 APPENDs, over the document's 1,000 (uploadLimits.maxSegments)",
    );

    await panel.getByRole("radio", { name: "A file from this device" }).check();
    await panel.locator("[data-upload=chunk-size]").fill("1048576");
    await panel.locator("[data-upload=start]").click();
    expect(await problems.textContent()).toContain("File: choose a file, or upload the generated sample.");
    expect(await panel.locator("[data-upload=chunk-size]").getAttribute("aria-invalid")).toBeNull();

    expect(await panel.locator("[data-upload=log] li").count()).toBe(0);
    const requestsAfter = await page.evaluate(() => fetch("_emulator/requests").then((r) => r.text()));
    expect(requestsAfter).toBe(requestsBefore);
  });
});

describe("the console's multipart body", () => {
  it("sends APPEND with a file chosen in the media part after an INIT, and FINALIZE counts the file's bytes", async () => {
    const { page } = harness;
    await openUploadPage(page);
    const bytes = madeBytes(70_001);
    const init = await sendFromConsole(page, "uploadMedia", async (console) => {
      await console
        .locator("textarea[name=body]")
        .fill(`command=INIT&total_bytes=${bytes.length}&media_type=video%2Fmp4`);
    });
    expect(init.status).toBe(200);
    const mediaId: string = JSON.parse(init.body).media_id_string;

    const append = await sendFromConsole(page, "uploadMedia", async (console) => {
      await console.locator("[data-console=media-type]").selectOption("multipart/form-data");
      await console.locator('input[name="part.media_id"]').fill(mediaId);
      await console.locator('input[name="part.media_data"]').fill("");
      await console.locator('input[name="part.media"]').setInputFiles({
        name: "clip.mp4",
        mimeType: "video/mp4",
        buffer: bytes,
      });
    });
    expect(append.status).toBe(204);

    const finalize = await sendFromConsole(page, "uploadMedia", async (console) => {
      await console.locator("textarea[name=body]").fill(`command=FINALIZE&media_id=${mediaId}`);
    });
    expect(finalize.status).toBe(200);
    expect(JSON.parse(finalize.body).size).toBe(bytes.length);
  });
});

describe("the upload page as a reader uses it", () => {
  it("has no serious axe violation with the panel used, and fits 390 px wide", async () => {
    const { page } = harness;
    await openUploadPage(page);
    const panel = await uploadPanel(page);
    await panel.locator("[data-upload=chunk-size]").fill("6000000");
    await panel.locator("[data-upload=start]").click();
    await panel.locator("[data-upload=chunk-size]").fill("1048576");
    await panel.locator("[data-upload=category]").selectOption("tweet_gif");
    await panel.locator("[data-upload=media-type]").fill("image/png");
    await runUpload(panel);
    await panel.locator("[data-upload=chunk-size]").fill("0");
    await panel.locator("[data-upload=start]").click();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await seriousViolations(page, "xads-upload")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  }, 120_000);

  it("never sent a request off the origin, and the page raised no errors", () => {
    expect(harness.outsideRequests).toEqual([]);
    expect(harness.consoleErrors.filter((line) => !isAnswerLog(line))).toEqual([]);
  });
});

describe("the upload panel's weight", () => {
  it("keeps its script and style within the panel's budget, and the upload page within the heaviest page's, gzipped", () => {
    const panel = gzipped(UPLOAD_PANEL_FILE) + gzipped("assets/upload-panel.css");
    expect(panel).toBeGreaterThan(1_000);
    expect(panel).toBeLessThanOrEqual(BUDGETS.uploadPanelGzipBytes);
    const redoc = readdirSync(join(distDir, "assets")).find((f) => /^redoc-[0-9a-f]+\.js$/.test(f)) ?? "";
    expect(redoc).not.toBe("");
    const page = ["upload.html", `assets/${redoc}`, "assets/console.js", consoleDataFile("upload"), WORKER_FILE]
      .map(gzipped)
      .reduce((a, b) => a + b, panel);
    expect(page).toBeLessThanOrEqual(BUDGETS.heaviestPageGzipBytes);
    console.log(`upload panel ${(panel / 1024).toFixed(1)} KiB, upload page ${(page / 1024).toFixed(0)} KiB, gzipped`);
  });
});
