// The reference pages' console against the emulator in the page (the service worker emulator-sw.js):
// every operation answers in the page as @xads/emulator answers the same request in Node, a campaign's
// life runs in the panel, the state survives a reload and a worker restart, and nothing leaves the origin.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createSigningFetch } from "@xads/client/signing-fetch";
import { createEmulator, type Emulator } from "@xads/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleOperation } from "../src/console/operations.mjs";
import { sendOperation } from "../src/console/send.mjs";
import { loadSite } from "../src/site.mjs";
import { openConsole, sendEachFromFixture, sendFromPanel } from "./console-panel.js";
import { distDir, type Harness, startHarness } from "./harness.js";
import { normaliseBody } from "./normalise.js";

const site = loadSite();
const operationsOf = (name: string): ConsoleOperation[] =>
  JSON.parse(readFileSync(join(distDir, `assets/console-${name}.json`), "utf8"));
// A failed API answer (4xx, 5xx) is the emulator's, shown in the panel; Chromium logs each one.
const isAnswerLog = (line: string) => line.includes("Failed to load resource: the server responded with a status of");

/** A signing fetch to the emulator, as the page's (a token memory of its own for each). */
const signedTo = (emu: Emulator) =>
  createSigningFetch({ credentials: emu.fixture, fetch: (request) => emu.fetch(request) });

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

describe("every operation, sent from its page", () => {
  it("answers in the page what the emulator answers in Node (status and body), for every document", async () => {
    let sent = 0;
    for (const doc of site.referenced) {
      const operations = operationsOf(doc.name);
      expect(operations.map((o) => o.id)).toEqual(doc.operations.map((o) => o.id));
      const emu = await createEmulator();
      const inNode = [];
      for (const operation of operations) {
        emu.reset();
        const answer = await sendOperation(operation, {}, { send: signedTo(emu) });
        inNode.push({ id: operation.id, status: answer.status, body: normaliseBody(answer.body) });
      }
      await openConsole(harness.page, `${harness.base}/${doc.page}`);
      const inPage = await sendEachFromFixture(
        harness.page,
        operations.map((o) => o.id),
      );
      expect(inPage.map((a) => ({ ...a, body: normaliseBody(a.body) }))).toEqual(inNode);
      sent += inPage.length;
    }
    expect(sent).toBe(site.referenced.reduce((n, d) => n + d.operations.length, 0));
  });
});

describe("the panel", () => {
  it("opens on the operation Redoc shows, prefilled with its examples", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/ads.html#/campaigns/createcampaign`);
    await page.getByRole("button", { name: "Try it" }).click();
    expect(await page.locator("[data-console=operation]").inputValue()).toBe("createCampaign");
    const create = operationsOf("ads").find((o) => o.id === "createCampaign");
    const name = create?.parameters.find((p) => p.name === "name");
    expect(await page.locator('#xads-console input[name="query.name"]').inputValue()).toBe(name?.value);
  });
});

describe("a campaign's life in the panel", () => {
  it("creates a campaign under the account's funding instrument and a line item in it, deletes, then reads 404", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/ads.html`);
    await page.evaluate(() => fetch("_emulator/reset", { method: "POST" }));
    const account = "18ce54d4x5t";
    const instruments = await sendFromPanel(page, "listFundingInstruments", { "path.account_id": account });
    expect(instruments.status).toBe(200);
    const instrument: string = JSON.parse(instruments.body).data[0].id;

    const campaign = await sendFromPanel(page, "createCampaign", {
      "query.funding_instrument_id": instrument,
      "query.name": "from the panel",
    });
    expect(campaign.status).toBe(200);
    const campaignId: string = JSON.parse(campaign.body).data.id;
    expect(JSON.parse(campaign.body).data.name).toBe("from the panel");

    const lineItem = await sendFromPanel(page, "createLineItem", { "query.campaign_id": campaignId });
    expect(lineItem.status).toBe(200);
    const lineItemId: string = JSON.parse(lineItem.body).data.id;
    const read = await sendFromPanel(page, "getLineItem", { "path.line_item_id": lineItemId });
    expect(JSON.parse(read.body).data.campaign_id).toBe(campaignId);

    expect((await sendFromPanel(page, "deleteLineItem", { "path.line_item_id": lineItemId })).status).toBe(200);
    const gone = await sendFromPanel(page, "getLineItem", { "path.line_item_id": lineItemId });
    expect(gone.status).toBe(404);
    expect(await page.locator("[data-console=why]").textContent()).toContain(`line_item ${lineItemId} was not found`);
  });
});

describe("the three-legged flow in the auth page's console", () => {
  it("signs the request token without a token, and the access token with the request token it relayed", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/auth.html`);
    const answers = await page.evaluate(async () => {
      type Sent = { status: number; headers: [string, string][]; body: string };
      const console = (
        window as unknown as {
          xadsConsole: { send(id: string, edits?: { values: Record<string, string> }): Promise<Sent> };
        }
      ).xadsConsole;
      const requested = await console.send("createRequestToken");
      const requestToken = new URLSearchParams(requested.body).get("oauth_token") ?? "";
      const authorized = await console.send("authorizeRequestToken", { values: { "query.oauth_token": requestToken } });
      const verifier = authorized.headers.find(([name]) => name === "x-xads-proxy-oauth-verifier")?.[1] ?? "";
      const access = await console.send("createAccessToken", {
        values: { "query.oauth_token": requestToken, "query.oauth_verifier": verifier },
      });
      return { requested, authorized, verifier, access };
    });
    expect(answers.requested.status).toBe(200);
    expect(answers.requested.body).toContain("oauth_callback_confirmed=true");
    expect(answers.authorized.status).toBe(200);
    expect(answers.verifier).not.toBe("");
    expect(answers.access.status).toBe(200);
    expect(answers.access.body).toMatch(/^oauth_token=[^&]+&oauth_token_secret=/);
  });
});

describe("the in-page emulator's state", () => {
  it("survives a reload and a restart of the worker (IndexedDB)", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/ads.html`);
    await page.evaluate(() => fetch("_emulator/reset", { method: "POST" }));
    const created = await sendFromPanel(page, "createCampaign", { "query.name": "kept across reloads" });
    const id: string = JSON.parse(created.body).data.id;
    await page.evaluate(() => fetch("_emulator/flush", { method: "POST" }));

    await openConsole(page, `${base}/ads.html`);
    // A new emulator built from what IndexedDB holds, as when the browser stops and starts the worker.
    await page.evaluate(() => fetch("_emulator/restart", { method: "POST" }));
    const read = await sendFromPanel(page, "getCampaign", { "path.campaign_id": id });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).data.name).toBe("kept across reloads");

    await page.evaluate(() => fetch("_emulator/reset", { method: "POST" }));
    await page.evaluate(() => fetch("_emulator/restart", { method: "POST" }));
    expect((await sendFromPanel(page, "getCampaign", { "path.campaign_id": id })).status).toBe(404);
  });

  it("takes a fault from the panel and explains the refusal", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/ads.html`);
    await sendFromPanel(page, "listAccounts");
    await page.locator("[data-console=fault]").click();
    await page.waitForFunction(() =>
      document.querySelector("[data-console=control-status]")?.textContent?.startsWith("faults: 200"),
    );
    const refused = await sendFromPanel(page, "listAccounts");
    expect(refused.status).toBe(503);
    expect(await page.locator("[data-console=why]").textContent()).toMatch(/x-xads-emulator-|fault/i);
    expect((await sendFromPanel(page, "listAccounts")).status).toBe(200);
  });

  it("moves the emulator's clock from the panel by the seconds given", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/ads.html`);
    await sendFromPanel(page, "listAccounts");
    const clock = () => page.evaluate(() => fetch("_emulator/clock").then((r) => r.json() as Promise<{ now: number }>));
    const before = (await clock()).now;
    await page.getByLabel("Seconds to advance").fill("3600");
    await page.locator("[data-console=advance]").click();
    await page.waitForFunction(() =>
      document.querySelector("[data-console=control-status]")?.textContent?.startsWith("clock: 200"),
    );
    expect((await clock()).now - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await clock()).now - before).toBeLessThan(3_660_000);
  });
});

describe("the worker's routes and navigations", () => {
  it("refuses a navigation to a control or to the API prefix (a link or another site's form), keeping the state", async () => {
    const { page, base } = harness;
    await openConsole(page, `${base}/ads.html`);
    await page.evaluate(() => fetch("_emulator/reset", { method: "POST" }));
    expect((await sendFromPanel(page, "listAccounts")).status).toBe(200);
    const opened = await page.goto(`${base}/_emulator/fixture`);
    expect(opened?.status()).toBe(403);
    expect(await page.textContent("body")).not.toContain("consumerSecret");
    await openConsole(page, `${base}/ads.html`);
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "POST";
        form.action = "_emulator/reset";
        document.body.append(form);
        form.submit();
      }),
    ]);
    expect(await page.textContent("body")).toContain("not a navigation");
    await openConsole(page, `${base}/ads.html`);
    const logged = await page.evaluate(() => fetch("_emulator/requests").then((r) => r.json() as Promise<unknown[]>));
    expect(logged.length).toBeGreaterThan(0);
  });
});

describe("the console's traffic", () => {
  it("never leaves the site's origin, and the pages raise no errors", () => {
    expect(harness.outsideRequests).toEqual([]);
    expect(harness.consoleErrors.filter((line) => !isAnswerLog(line))).toEqual([]);
  });
});
