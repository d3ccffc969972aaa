// Checks the budgets of apps/docs/README.md: the in-page emulator's download, the first answer on a cold
// page (a generous bound: the measured figure is in the README) and the heaviest reference page's weight.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleDataFile, WORKER_FILE } from "../src/browser-bundles.mjs";
import { loadSite } from "../src/site.mjs";
import { BUDGETS } from "./budgets.js";
import { openConsole } from "./console-panel.js";
import { distDir, type Harness, startHarness } from "./harness.js";

const gzipped = (file: string) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).byteLength;
const redocScript = readdirSync(join(distDir, "assets")).find((f) => /^redoc-[0-9a-f]+\.js$/.test(f)) ?? "";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe("budgets", () => {
  it("keeps the in-page emulator's download within its budget, gzipped", () => {
    const size = gzipped(WORKER_FILE);
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThanOrEqual(BUDGETS.workerGzipBytes);
  });

  it("keeps the heaviest reference page with everything it loads within its budget, gzipped", () => {
    const weights = loadSite().referenced.map((doc) =>
      [doc.page, `assets/${redocScript}`, "assets/console.js", consoleDataFile(doc.name), WORKER_FILE]
        .map(gzipped)
        .reduce((a, b) => a + b, 0),
    );
    expect(redocScript).not.toBe("");
    expect(Math.max(...weights)).toBeLessThanOrEqual(BUDGETS.heaviestPageGzipBytes);
  });

  it("answers the first request on a cold page (no worker installed yet) within a generous bound", async () => {
    const { page, base } = harness;
    const started = Date.now();
    await openConsole(page, `${base}/ads.html`);
    const answer = await page.evaluate(() =>
      (window as unknown as { xadsConsole: { send(id: string): Promise<{ status: number }> } }).xadsConsole.send(
        "listAccounts",
      ),
    );
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(200);
    expect(elapsed).toBeLessThan(BUDGETS.coldFirstAnswerMs);
    console.log(`cold first answer: ${elapsed} ms`);
  });
});
