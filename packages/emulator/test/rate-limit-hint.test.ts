// A spent rate-limit window says how to start over (issue 28, item 8d): the 429 the emulator's own
// limits answer names the controls in its message, and a caller on this machine also gets an
// `x-xads-emulator-hint` header. An injected 429 (a fault the test asked for) carries neither.
import { networkInterfaces } from "node:os";
import { getOperation } from "@xads/validator";
import { afterAll, describe, expect, it } from "vitest";
import type { Served } from "../src/index.js";
import { authorization, call, newEmulator } from "./helpers.js";

const HINT = "x-xads-emulator-hint";
const CONTROLS = /POST \/_emulator\/reset.*--no-rate-limits/;

/** Six reads without an account id: the window holds five (facts file, Rate limits). */
async function spend<T extends { status: number }>(get: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 5; i++) expect((await get()).status).toBe(200);
  return get();
}

const servers: Served[] = [];
afterAll(async () => {
  for (const served of servers) await served.close();
});

async function servedGet(host?: string) {
  const emu = await newEmulator();
  const served = await emu.listen(host ? { host } : {});
  servers.push(served);
  const url = `${served.urls.ads}/12/accounts`;
  return async () => {
    const response = await fetch(url, { headers: { authorization: authorization(emu, "GET", url) } });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

describe("a 429 of the emulator's rate limits points at the controls (issue 28, item 8d)", () => {
  it("in-process fetch (a loopback caller): the message and the hint header name reset and --no-rate-limits", async () => {
    const emu = await newEmulator();
    const spent = await spend(() => call(emu, "GET", "/12/accounts"));
    expect(spent.status).toBe(429);
    expect(spent.body.errors[0].code).toBe("TOO_MANY_REQUESTS");
    expect(spent.body.errors[0].message).toMatch(/^Rate limit exceeded \(emulator: /);
    expect(spent.body.errors[0].message).toMatch(CONTROLS);
    expect(spent.headers.get(HINT)).toMatch(CONTROLS);
    // The message is free text: the body stays the documented ads error body.
    const verdict = getOperation("listAccounts").validateResponse(429, spent.body, { strict: true });
    expect(verdict.valid ? [] : verdict.errors).toEqual([]);
    // What the hint says works: a reset opens the window again.
    expect((await emu.fetch("http://127.0.0.1/_emulator/reset", { method: "POST" })).status).toBe(200);
    expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
  });

  it("a served port, called from loopback: the same message and header", async () => {
    const spent = await spend(await servedGet());
    expect(spent.status).toBe(429);
    expect(spent.headers.get(HINT)).toMatch(CONTROLS);
    expect((spent.body as { errors: Array<{ message: string }> }).errors[0]?.message).toMatch(CONTROLS);
  });

  const wide = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;
  it.skipIf(!wide)("a served port, called from another interface: the message, but no header", async () => {
    const spent = await spend(await servedGet(wide));
    expect(spent.status).toBe(429);
    expect(spent.headers.get(HINT)).toBeNull();
    expect((spent.body as { errors: Array<{ message: string }> }).errors[0]?.message).toMatch(CONTROLS);
  });

  it("an injected 429 is the test's own fault: no hint", async () => {
    const emu = await newEmulator();
    emu.faults.add({ operationId: "listAccounts", status: 429 });
    const injected = await call(emu, "GET", "/12/accounts");
    expect(injected.status).toBe(429);
    expect(injected.headers.get(HINT)).toBeNull();
    expect(injected.body.errors[0].message).not.toMatch(CONTROLS);
  });

  it("the auth host's 429 (code 88) carries the hint in its message too", async () => {
    const emu = await newEmulator();
    const url = "https://api.x.com/oauth2/token";
    const basic = `Basic ${Buffer.from(`${emu.fixture.consumerKey}:${emu.fixture.consumerSecret}`).toString("base64")}`;
    let last: Response | undefined;
    for (let i = 0; i < 500 && last?.status !== 429; i++)
      last = await emu.fetch(url, {
        method: "POST",
        headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      });
    expect(last?.status).toBe(429);
    const body = (await last?.json()) as { errors: Array<{ code: number; message: string }> };
    expect(body.errors[0]?.code).toBe(88);
    expect(body.errors[0]?.message).toMatch(CONTROLS);
    expect(last?.headers.get(HINT)).toMatch(CONTROLS);
  });
});
