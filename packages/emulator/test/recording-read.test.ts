// The recording reader: a recording round-trips as JSON; anything else is refused naming the entry
// and the field; a HAR without the emulator's start reads, but does not replay.
import { describe, expect, it } from "vitest";
import { checkReplay, parseRecording, type Recording, readRecording } from "../src/index.js";
import { accountPath, call, newEmulator } from "./helpers.js";

async function twoRequests(): Promise<Recording> {
  const emu = await newEmulator();
  const handle = emu.record();
  await call(emu, "GET", "/12/accounts");
  await call(emu, "GET", accountPath(emu, "/campaigns"));
  return JSON.parse(JSON.stringify(handle.stop()));
}

describe("readRecording", () => {
  it("reads what the writer wrote, as HAR 1.2 with the emulator's start under _xads", async () => {
    const recording = await twoRequests();
    expect(parseRecording(JSON.stringify(recording))).toEqual(recording);
    expect(recording.log.version).toBe("1.2");
    expect(recording.log.entries[0]?.request).toMatchObject({
      method: "GET",
      httpVersion: "HTTP/1.1",
      queryString: [],
    });
    expect(recording.log._xads).toMatchObject({ format: "xads-recording", version: 1, faults: [] });
    expect(recording.log._xads?.options).toEqual({ auth: "strict", rateLimits: true, disabledRules: [] });
  });

  it("names the entry and the field of the first problem", async () => {
    const recording = await twoRequests();
    const second = recording.log.entries[1] as unknown as { response: Record<string, unknown> };
    second.response.status = "200";
    expect(() => readRecording(recording)).toThrow(
      /^recording: entry 2 \(GET https:\/\/ads-api\.x\.com\/12\/accounts\/\w+\/campaigns\): log\.entries\[1\]\.response\.status must be a number from 0 to 999 \(got "200"\)$/,
    );
    delete second.response.status;
    expect(() => readRecording(recording)).toThrow(/entry 2 .*log\.entries\[1\]\.response\.status is missing/);
  });

  it("refuses text that is not JSON, another format, and a broken start snapshot", async () => {
    expect(() => parseRecording("{")).toThrow(/^recording: not JSON/);
    expect(() => readRecording({ log: { version: "1.2" } })).toThrow(/^recording: log\.creator is missing/);
    const recording = await twoRequests();
    const start = recording.log._xads as unknown as { format: string; snapshot: { store: { seq: unknown } } };
    start.snapshot.store.seq = -1;
    expect(() => readRecording(recording)).toThrow(
      /^recording: log\._xads\.snapshot\.store\.seq must be a safe integer >= 0/,
    );
    start.format = "other";
    expect(() => readRecording(recording)).toThrow(/^recording: log\._xads\.format must be "xads-recording"/);
  });

  it("reads a HAR from another tool (no start), and its replay says what is missing", async () => {
    const recording = await twoRequests();
    delete recording.log._xads;
    const other = readRecording({ log: { ...recording.log, creator: { name: "a browser", version: "1" }, pages: [] } });
    await expect(checkReplay(other)).rejects.toThrow(/it has no start \(log\._xads/);
  });
});
