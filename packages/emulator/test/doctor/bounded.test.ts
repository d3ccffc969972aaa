// Hostile traffic cannot make the doctor grow: it holds at most HISTORY_SIZE exchanges for each of
// MAX_CALLERS callers, and MAX_FINDINGS findings, however many requests and credentials come.
import { describe, expect, it } from "vitest";
import { initialAuthState } from "../../src/auth/state.js";
import { Doctor, HISTORY_SIZE, MAX_CALLERS, MAX_FINDINGS } from "../../src/doctor/doctor.js";
import { accountPath, call, newEmulator } from "../helpers.js";

describe("client doctor memory", () => {
  it("stays bounded by its counts under many callers and many findings", async () => {
    const emu = await newEmulator({ auth: "lenient", rateLimits: false, requestLogSize: 100_000 });
    const auth = initialAuthState(emu.fixture);
    // Attached by hand to read what it holds; the log is never cleared, so nothing leaves it by the log.
    const doctor = new Doctor({}, () => ({ fixture: emu.fixture, state: () => ({ auth }), log: { firstSequence: 0 } }));
    emu.observe(doctor);
    const callers = MAX_CALLERS * 3;
    const perCaller = 12;
    for (let caller = 0; caller < callers; caller++) {
      for (let request = 0; request < perCaller; request++) {
        // count=0 is a finding on every request; a new consumer key is a new caller.
        await call(emu, "GET", accountPath(emu, "/campaigns?count=0"), { consumerKey: `hostile${caller}` });
      }
    }
    // One caller sending far more than its history holds.
    for (let request = 0; request < HISTORY_SIZE * 4; request++)
      await call(emu, "GET", accountPath(emu, "/campaigns?count=0"), { consumerKey: "flood" });
    const held = doctor.holding();
    expect(held.callers).toBe(MAX_CALLERS);
    expect(held.exchanges).toBeLessThanOrEqual(MAX_CALLERS * HISTORY_SIZE);
    expect(held.exchanges).toBe((MAX_CALLERS - 1) * perCaller + HISTORY_SIZE);
    expect(held.findings).toBe(MAX_FINDINGS);
    expect(doctor.findings("default")).toHaveLength(MAX_FINDINGS);
  });
});
