// The parity table: a committed observation turns "assumed from the reference" into "observed on the
// sandbox on DATE" for the operations, state rules and x-rules the emulator ran on it, and the emulator
// README's block is the generated one (compared, never rewritten).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { observationFiles, observe } from "../src/observations.mjs";
import { ASSUMED, type ParityRow, parityTable, readmePath, renderParity, withParity } from "../src/parity.mjs";
import { parityPageHtml } from "../src/parity-page.mjs";

const none = { operations: new Map(), stateRules: new Map(), xRules: new Map() };

/** An observations folder holding the drill's fixture as one day's recording, beside a folder that is no date. */
function fixtureObservations() {
  const dir = mkdtempSync(join(tmpdir(), "truth-observations-"));
  mkdirSync(join(dir, "2026-01-02"));
  mkdirSync(join(dir, "notes"));
  copyFileSync(join(import.meta.dirname, "fixtures", "workflows.har.gz"), join(dir, "2026-01-02", "flows.har.gz"));
  copyFileSync(join(import.meta.dirname, "fixtures", "workflows.har.gz"), join(dir, "notes", "ignored.har.gz"));
  return dir;
}

const parityCell = (rows: ParityRow[], id: string, detail?: string) =>
  rows.find((row) => row.id === id && (detail === undefined || row.detail === detail));

describe("the parity table", () => {
  it("is all assumed from the reference without an observation", () => {
    const parity = parityTable(none);
    for (const rows of [parity.stateRules, parity.xRules, parity.operations]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.observed === undefined)).toBe(true);
    }
    expect(renderParity(parity)).toContain(`| ${ASSUMED} |`);
  });

  it("marks what a fixture observation shows as observed on its date, and leaves the rest assumed", async () => {
    const files = observationFiles(fixtureObservations());
    expect(files.map((f) => f.date)).toEqual(["2026-01-02"]);
    const parity = parityTable(await observe(files));
    expect(parityCell(parity.operations, "createCustomAudience")?.observed).toBe("2026-01-02");
    // The fixture's createCustomAudience exchange ran this rule on the replay (its `_xads.rules` say so).
    expect(parityCell(parity.stateRules, "custom-audience-name-unique")?.observed).toBe("2026-01-02");
    // No rule module implements these, so no exchange reports them as a rule outcome.
    expect(parityCell(parity.stateRules, "soft-delete-with-deleted")?.observed).toBeUndefined();
    expect(parityCell(parity.stateRules, "poll-votes-closed")?.observed).toBeUndefined();
    const observedXRules = parity.xRules.filter((row) => row.observed);
    expect(observedXRules.length).toBeGreaterThan(0);
    expect(observedXRules.length).toBeLessThan(parity.xRules.length);
    // An x-rule is observed only with an exchange of its own operation.
    for (const row of observedXRules) expect(parityCell(parity.operations, row.detail)?.observed).toBe("2026-01-02");
    const markdown = renderParity(parity);
    expect(markdown).toMatch(/\| `custom-audience-name-unique` +\| [^|]+\| observed on the sandbox on 2026-01-02 +\|/);
    expect(markdown).toMatch(/\| `soft-delete-with-deleted` +\| generic +\| assumed from the reference +\|/);
  });

  it("renders the docs page escaped", () => {
    const parity = parityTable(none);
    parity.operations.push({ id: "x<script>", detail: "GET /a&b", observed: "2026-01-02" });
    const html = parityPageHtml(parity);
    expect(html).toContain("<code>x&lt;script&gt;</code>");
    expect(html).toContain("GET /a&amp;b");
    expect(html).toContain("observed on the sandbox on 2026-01-02");
    expect(html).not.toContain("<script>");
  });
});

describe("packages/emulator/README.md's parity block", () => {
  it("is the generated one (node tools/truth/src/parity.mjs --write writes it)", async () => {
    const readme = readFileSync(readmePath, "utf8");
    expect(withParity(readme, renderParity(parityTable(await observe())))).toBe(readme);
  });

  it("would catch a hand edit", async () => {
    const original = readFileSync(readmePath, "utf8");
    const start = original.indexOf("<!-- parity:start");
    const readme =
      original.slice(0, start) +
      original.slice(start).replace("| `active-campaign-limit`", "| `active-campaign-cap`  ");
    expect(readme).not.toBe(original);
    expect(withParity(readme, renderParity(parityTable(await observe())))).not.toBe(readme);
  });
});
