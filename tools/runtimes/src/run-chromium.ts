// Runs a classic-script bundle in a blank Chromium page and reads the report its program answers.
// Chromium is @xads/chromium's (CHROMIUM_PATH, else the npm package's build). Every network request of the page is refused: the program runs in
// the page alone.
import { readFileSync } from "node:fs";
import { launchChromium } from "@xads/chromium";
import type { SmokeReport } from "../smoke/report.js";
import { readReport } from "./read-report.js";

/** The page's origin: loopback, so that the page is a secure context (Web Crypto's subtle needs one). */
const PAGE_URL = "http://127.0.0.1/smoke";

export async function runOnChromium(bundleFile: string): Promise<SmokeReport> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
    await page.route("**/*", (route) =>
      route.request().url() === PAGE_URL
        ? route.fulfill({ contentType: "text/html", body: "<!doctype html><title>smoke</title>" })
        : route.abort(),
    );
    await page.goto(PAGE_URL);
    await page.addScriptTag({ content: readFileSync(bundleFile, "utf8") });
    const answer = await page.evaluate(async () => {
      const program = (globalThis as { xadsSmoke?: () => Promise<unknown> }).xadsSmoke;
      return program ? JSON.stringify(await program()) : undefined;
    });
    if (answer === undefined) throw new Error(`the bundle did not load: ${pageErrors.join("; ") || "no page error"}`);
    return readReport(answer, "page's answer");
  } finally {
    await browser.close();
  }
}
