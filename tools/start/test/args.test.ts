import { describe, expect, it } from "vitest";
import { parseStartArgs } from "../src/args.mjs";

describe("start options", () => {
  it("serves the emulator with lenient auth by default", () => {
    expect(parseStartArgs([])).toEqual({ mode: "emulator", strictAuth: false, help: false });
    expect(parseStartArgs(["--", "--strict-auth"])).toEqual({ mode: "emulator", strictAuth: true, help: false });
    expect(parseStartArgs(["--static"])).toEqual({ mode: "static", strictAuth: false, help: false });
  });

  it("refuses an unknown option, and --strict-auth with --static", () => {
    expect(() => parseStartArgs(["--mock"])).toThrow("unknown option --mock");
    expect(() => parseStartArgs(["--static", "--strict-auth"])).toThrow("--strict-auth applies to the emulator");
  });
});
