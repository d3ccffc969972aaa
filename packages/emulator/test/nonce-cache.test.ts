// Replayed nonces are refused within the timestamp window, and the cache forgets what has expired, so
// it holds at most one window of traffic.
import { describe, expect, it } from "vitest";
import { NonceCache, TIMESTAMP_TOLERANCE_MS } from "../src/auth/verify.js";

const WINDOW = 2 * TIMESTAMP_TOLERANCE_MS;

describe("the nonce cache", () => {
  it("refuses a nonce seen within the window and takes it again after", () => {
    const nonces = new NonceCache();
    expect(nonces.use("a", 0)).toBe(true);
    expect(nonces.use("a", WINDOW)).toBe(false);
    expect(nonces.use("a", WINDOW + 1)).toBe(true);
    expect(nonces.use("a", WINDOW + 2)).toBe(false);
  });

  it("forgets expired nonces as time passes, keeping the fresh ones", () => {
    const nonces = new NonceCache();
    for (let i = 0; i < 50_000; i++) nonces.use(`old-${i}`, i);
    expect(nonces.size).toBe(50_000);
    nonces.use("fresh", 50_000 + WINDOW);
    expect(nonces.size).toBeLessThanOrEqual(50_001);
    nonces.use("later", 100_000 + WINDOW);
    expect(nonces.size).toBe(2);
    expect(nonces.use("fresh", 100_000 + WINDOW)).toBe(false);
  });

  it("keeps a nonce taken again after its window, until its new window ends", () => {
    const nonces = new NonceCache();
    nonces.use("a", 0);
    nonces.use("b", 10);
    nonces.use("a", WINDOW + 5); // expired, taken again: now the newest
    nonces.use("c", WINDOW + 20); // b expires here; a stays
    expect(nonces.use("a", WINDOW + 30)).toBe(false);
    expect(nonces.size).toBe(2);
  });
});
