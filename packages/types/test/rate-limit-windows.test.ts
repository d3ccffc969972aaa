// The one window rule: the first candidate whose query the request carries, value for value as sent.
import { describe, expect, it } from "vitest";
import { rateLimitOperations } from "../src/generated/facts.js";
import { chooseWindow } from "../src/rate-limit-windows.js";

const query = (values: Record<string, string>) => (name: string) => values[name];

describe("chooseWindow", () => {
  const listAccounts = rateLimitOperations["GET /12/accounts"].windows;

  it("takes the first candidate whose query the request carries", () => {
    expect(chooseWindow(listAccounts, query({ with_total_count: "true" }))).toBe("totalCount");
    expect(chooseWindow(listAccounts, query({}))).toBe("readWithoutAccount");
  });

  it("compares values as sent: another spelling does not fit", () => {
    expect(chooseWindow(listAccounts, query({ with_total_count: "TRUE" }))).toBe("readWithoutAccount");
    expect(chooseWindow(listAccounts, query({ with_total_count: "false" }))).toBe("readWithoutAccount");
  });

  it("answers undefined when no candidate fits", () => {
    expect(chooseWindow([], query({}))).toBeUndefined();
    expect(chooseWindow([{ window: "w", query: { a: "1" } }], query({ a: "2" }))).toBeUndefined();
  });
});
