// Serves dist/ on a loopback port (as `pnpm start` does, with sirv) and drives one shared Chromium.
// Records every request that leaves the origin and every console error, for the suite's last check.
import { existsSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "@xads/chromium";
import type { BrowserContext, Page } from "playwright-core";
import sirv from "sirv";

export const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
export const distDir = join(appDir, "dist");
export const screenshotsDir = join(appDir, "screenshots");

export interface Harness {
  base: string;
  context: BrowserContext;
  page: Page;
  outsideRequests: string[];
  consoleErrors: string[];
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error(`${distDir}/index.html is missing: run the docs build (node scripts/build.mjs) first`);
  }
  mkdirSync(screenshotsDir, { recursive: true });
  const server: Server = createServer(sirv(distDir, { dev: false, etag: true }));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const outsideRequests: string[] = [];
  const consoleErrors: string[] = [];
  const sameSite = (url: string) =>
    url.startsWith(`${base}/`) || url.startsWith("data:") || url.startsWith(`blob:${base}/`);
  // Block anything else, so a stray request neither waits on the network nor goes unnoticed.
  await context.route(
    (url) => !sameSite(url.href),
    (route) => {
      outsideRequests.push(route.request().url());
      return route.abort();
    },
  );
  const watch = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
    page.on("request", (request) => {
      if (!sameSite(request.url()) && !outsideRequests.includes(request.url())) outsideRequests.push(request.url());
    });
  };
  context.on("page", watch);
  const page = await context.newPage();
  return {
    base,
    context,
    page,
    outsideRequests,
    consoleErrors,
    async close() {
      await context.close();
      await browser.close();
      await new Promise((done) => server.close(done));
    },
  };
}
