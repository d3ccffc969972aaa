// Rate limits from the facts file's windows, on the emulator's clock.
import { describe, expect, it } from "vitest";
import { accountPath, call, newEmulator } from "./helpers.js";

describe("rate limits (facts file, Rate limits)", () => {
  it("reads without an account id: 5 per 15 minutes, counting down, then 429 TOO_MANY_REQUESTS until the reset", async () => {
    const emu = await newEmulator();
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++)
      remaining.push((await call(emu, "GET", "/12/accounts")).headers.get("x-rate-limit-remaining") ?? "");
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);
    const spent = await call(emu, "GET", "/12/accounts");
    expect(spent.status).toBe(429);
    expect(spent.body.errors[0].code).toBe("TOO_MANY_REQUESTS");
    expect(Number(spent.headers.get("x-rate-limit-reset"))).toBe(Math.ceil((emu.clock.now() + 15 * 60_000) / 1000));
    emu.clock.advance(15 * 60_000);
    const fresh = await call(emu, "GET", "/12/accounts");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-rate-limit-remaining")).toBe("4");
  });

  it("core entity reads carry the account-level headers (10,000 per 15 minutes), which govern", async () => {
    const emu = await newEmulator();
    const answer = await call(emu, "GET", accountPath(emu, "/campaigns"));
    expect(answer.headers.get("x-account-rate-limit-limit")).toBe("10000");
    expect(answer.headers.get("x-account-rate-limit-remaining")).toBe("9999");
    expect(answer.headers.get("x-current-api-version")).toBe("12");
  });

  it("writes: 450 per minute, without account-level headers", async () => {
    const emu = await newEmulator();
    const answer = await call(emu, "PUT", accountPath(emu, `/campaigns/${emu.fixture.campaignId}?name=x`));
    expect(answer.headers.get("x-rate-limit-limit")).toBe("450");
    expect(answer.headers.get("x-account-rate-limit-limit")).toBeNull();
  });

  it("rateLimits: false sends no rate-limit headers and never answers 429", async () => {
    const emu = await newEmulator({ rateLimits: false });
    for (let i = 0; i < 8; i++) expect((await call(emu, "GET", "/12/accounts")).status).toBe(200);
    expect((await call(emu, "GET", "/12/accounts")).headers.get("x-rate-limit-limit")).toBeNull();
  });
});
