import { describe, expect, it } from "vitest";
import { drift } from "../scripts/generate.mjs";

describe("src/generated", () => {
  it("is what scripts/generate.mjs makes of the spec now (run `pnpm generate` when this fails)", () => {
    expect(drift()).toEqual([]);
  });
});
