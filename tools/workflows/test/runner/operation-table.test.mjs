// The operation table of an Arazzo file: each bundle's operations on their first server, the
// emulator's controls on the ads document's origin, and a refusal for any other source.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { workflowsDir } from "@xads/spec/lib/workflows.mjs";
import { describe, expect, it } from "vitest";
import { operationTable } from "../../src/operation-table.mjs";

describe("operationTable", () => {
  const table = operationTable(join(workflowsDir, "creatives.arazzo.yaml"));

  it("has one entry per source description", () => {
    expect(Object.keys(table)).toEqual(["ads", "upload", "emulator"]);
  });

  it("puts each operation on the first of its servers, method upper-case", () => {
    expect(table.ads?.getCampaign).toEqual({
      method: "GET",
      path: "/12/accounts/{account_id}/campaigns/{campaign_id}",
      server: "https://ads-api.x.com",
    });
    // Sandbox accounts are made on the sandbox host only: the operation's own server.
    expect(table.ads?.createAccount?.server).toBe("https://ads-api-sandbox.x.com");
    expect(table.upload?.uploadMedia).toEqual({
      method: "POST",
      path: "/1.1/media/upload.json",
      server: "https://upload.x.com",
    });
  });

  it("serves the emulator's controls on the origin of the ads document's first server", () => {
    expect(table.emulator).toEqual({
      readEmulatorClock: { method: "GET", path: "/_emulator/clock", server: "https://ads-api.x.com" },
      advanceEmulatorClock: { method: "POST", path: "/_emulator/clock", server: "https://ads-api.x.com" },
    });
  });

  it("refuses a source that is neither a bundle nor the emulator's controls", () => {
    const dir = mkdtempSync(join(tmpdir(), "xads-table-"));
    try {
      const file = join(dir, "other.arazzo.yaml");
      writeFileSync(
        file,
        "arazzo: 1.0.1\nsourceDescriptions:\n  - {name: other, type: openapi, url: ./other.yaml}\nworkflows: []\n",
      );
      expect(() => operationTable(file)).toThrow(/the source other \(\.\/other\.yaml\) is neither a bundle/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
