// Which browser the suites drive: CHROMIUM_PATH when set, else the npm package's headless build.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chromiumExecutable } from "../src/index.js";

describe("the browser", () => {
  it("is the one CHROMIUM_PATH names", async () => {
    expect(await chromiumExecutable({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it("refuses a CHROMIUM_PATH that does not exist, naming the variable", async () => {
    await expect(chromiumExecutable({ CHROMIUM_PATH: "/nowhere/chromium" })).rejects.toThrow(
      "CHROMIUM_PATH names /nowhere/chromium, which does not exist",
    );
  });

  it("comes from @sparticuz/chromium when CHROMIUM_PATH is unset", async () => {
    const path = await chromiumExecutable({});
    expect(existsSync(path)).toBe(true);
  });
});
