// A correct signature never pays for the hints: the variants are tried after a failure only.
import { describe, expect, it, vi } from "vitest";
import * as hints from "../src/auth/signature-hints.js";
import { accountPath, authorization, call, newEmulator } from "./helpers.js";

vi.mock("../src/auth/signature-hints.js", async (original) => {
  const actual = await original<typeof import("../src/auth/signature-hints.js")>();
  return { ...actual, signatureHint: vi.fn(actual.signatureHint) };
});

describe("the cost of a hint", () => {
  it("is not paid by a signature that matches, on any accepted URL or reading", async () => {
    const emu = await newEmulator();
    const spy = vi.mocked(hints.signatureHint);
    spy.mockClear();
    const path = accountPath(emu);
    expect((await call(emu, "GET", `https://ads-api.x.com${path}?with_deleted=true`)).status).toBe(200);
    const legacy = authorization(emu, "GET", `https://ads-api-sandbox.twitter.com${path}`);
    expect(
      (await call(emu, "GET", `http://127.0.0.1:4011${path}`, { headers: { authorization: legacy } })).status,
    ).toBe(200);
    expect(spy).not.toHaveBeenCalled();
    expect((await call(emu, "GET", path, { consumerSecret: "wrong" })).status).toBe(401);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
