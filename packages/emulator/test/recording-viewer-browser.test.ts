// The viewer beside a recording, in a real browser (Chromium from npm, through @xads/chromium): the
// timeline lists each request in order, opening one shows its answer, a hostile value stays text, and
// the page runs no script and asks for nothing outside itself.
import { launchChromium } from "@xads/chromium";
import { afterAll, beforeAll, expect, it } from "vitest";
import { viewerHtml } from "../src/recording/viewer.js";
import { accountPath, call, newEmulator } from "./helpers.js";

let browser: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  browser = await launchChromium();
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

it("shows the timeline of a recording and each answer, asking for nothing outside the page", async () => {
  const emu = await newEmulator();
  const handle = emu.record();
  const hostile = `<img src=x onerror="document.title='owned'">`;
  await call(emu, "POST", accountPath(emu, `/custom_audiences?name=${encodeURIComponent(hostile)}`));
  await call(emu, "POST", accountPath(emu, `/custom_audiences?name=${encodeURIComponent(hostile)}`));
  await call(emu, "GET", accountPath(emu, "/campaigns?count=2"));
  const html = viewerHtml(handle.stop());

  const page = await browser.newPage();
  const outside: string[] = [];
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route("**/*", (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  await page.setContent(html, { waitUntil: "load" });
  const summaries = await page.locator("li.entry summary").allTextContents();
  expect(summaries).toHaveLength(3);
  expect(summaries[0]).toMatch(/POST\s+\/12\/accounts\/\w+\/custom_audiences/);
  expect(summaries[1]).toContain("400");
  expect(summaries[2]).toMatch(/GET\s+\/12\/accounts\/\w+\/campaigns/);

  await page.locator("li.entry summary").nth(1).click();
  await expect.poll(() => page.locator("li.entry details[open]").count()).toBe(1);
  expect(await page.locator("li.entry details[open]").textContent()).toContain("already exists");
  expect(await page.title()).not.toBe("owned");
  expect(await page.locator("li.entry img").count()).toBe(0);
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
  await page.close();
});
