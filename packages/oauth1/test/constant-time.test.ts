import { describe, expect, it } from "vitest";
import { constantTimeEqual } from "../src/index.js";

describe("constantTimeEqual", () => {
  it("is true only for the same text", () => {
    expect(constantTimeEqual("secret", "secret")).toBe(true);
    expect(constantTimeEqual("secret", "secreT")).toBe(false);
    expect(constantTimeEqual("Secret", "secret")).toBe(false);
    expect(constantTimeEqual("secret", "secrets")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
    expect(constantTimeEqual("é", "e")).toBe(false);
  });
});
