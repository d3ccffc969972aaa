// The emulator's own traffic (the drill's two fixtures, recorded on the emulator) agrees with the
// documents: drift finds nothing. The fixtures hold the answers whose headers the documents once got
// wrong (a read without an account id, an error answer to an account's GET, a refused credential),
// and a header is missed only where the document requires it.
import { join } from "node:path";
import type { HarEntry } from "@xads/emulator";
import { describe, expect, it } from "vitest";
import { driftOf, driftOfEntry } from "../src/drift.mjs";
import { headerOf, readRecordingFile } from "../src/recordings.mjs";

const fixture = (name: string) => readRecordingFile(join(import.meta.dirname, "fixtures", `${name}.har.gz`));
const workflows = fixture("workflows");

/** The first entry of an operation answered with this status. */
function entryOf(operationId: string, status: number): { entry: HarEntry; index: number } {
  const index = workflows.log.entries.findIndex(
    (e) => e._xads?.operationId === operationId && e.response.status === status,
  );
  const entry = workflows.log.entries[index];
  if (!entry) throw new Error(`workflows.har.gz has no ${status} of ${operationId}`);
  return { entry, index };
}

/** The entry with one answer header taken out. */
function without(entry: HarEntry, name: string): HarEntry {
  const headers = entry.response.headers.filter((h) => h.name.toLowerCase() !== name);
  expect(headers.length, `${name} was answered`).toBe(entry.response.headers.length - 1);
  return { ...entry, response: { ...entry.response, headers } };
}

/** The drift findings of one changed entry, as `kind where`. */
function findingsOf({ entry, index }: { entry: HarEntry; index: number }, drop: string): string[] {
  return driftOfEntry(without(entry, drop), index).map((f) => `${f.kind} ${f.where}`);
}

describe("drift of the emulator's own traffic", () => {
  it.each(["workflows", "refusals"])("finds nothing in %s.har.gz", (name) => {
    const recording = fixture(name);
    expect(recording.log.entries.length).toBeGreaterThan(0);
    expect(driftOf(recording)).toEqual([]);
  });

  it("covers the answers the documents' headers were wrong for", () => {
    const accounts = entryOf("listAccounts", 200).entry.response.headers;
    expect(headerOf(accounts, "x-rate-limit-limit")).toBeDefined();
    expect(headerOf(accounts, "x-account-rate-limit-limit")).toBeUndefined();
    const notFound = entryOf("getCampaign", 404).entry.response.headers;
    expect(headerOf(notFound, "x-account-rate-limit-limit")).toBeDefined();
    const refused = entryOf("invalidateAccessToken", 401).entry.response.headers;
    expect(headerOf(refused, "x-rate-limit-limit")).toBeUndefined();
  });

  it("misses a required header and lets an optional one go", () => {
    const success = entryOf("getCampaign", 200);
    const notFound = entryOf("getCampaign", 404);
    // Account-level headers: required on the success of an account's GET, optional on its error answers.
    expect(findingsOf(success, "x-account-rate-limit-limit")).toEqual([
      "documented-header-missing x-account-rate-limit-limit",
    ]);
    expect(findingsOf(notFound, "x-account-rate-limit-limit")).toEqual([]);
    // User-level headers: required on a success, optional on an error answer (one refused before the
    // count has none); the interface version: required on every advertising answer.
    expect(findingsOf(success, "x-rate-limit-remaining")).toEqual(["documented-header-missing x-rate-limit-remaining"]);
    expect(findingsOf(notFound, "x-rate-limit-remaining")).toEqual([]);
    expect(findingsOf(notFound, "x-current-api-version")).toEqual(["documented-header-missing x-current-api-version"]);
  });
});
