// The drift report: findings with the spec file and line to change, in Markdown, SARIF and JSON;
// the CLI; the sandbox command's refusal without credentials.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operationFileOf, repoDir, specLineOf } from "@xads/spec/lib/operation-sources.mjs";
import { describe, expect, it } from "vitest";
import { driftOf } from "../src/drift.mjs";
import { driftSarif } from "../src/drift-report.mjs";
import { recordPlanted } from "../src/drill.mjs";
import { answerPlants } from "../src/plants.mjs";
import { readRecordingFile } from "../src/recordings.mjs";

const fixture = join(import.meta.dirname, "fixtures", "workflows.har.gz");
const main = join(import.meta.dirname, "..", "src", "main.mjs");

describe("where to change the spec", () => {
  it("finds an operation's file from its document and the line of a status and of its schema", () => {
    const file = operationFileOf("ads", "get", "/12/accounts/{account_id}/campaigns");
    expect(file).toBe("spec/ads/operations/campaigns/listCampaigns.yaml");
    const lines = readFileSync(join(repoDir, file as string), "utf8").split("\n");
    expect(lines[specLineOf(file as string, "200") - 1]).toMatch(/^ {2}["']?200["']?:/);
    expect(lines[specLineOf(file as string, "200", { schema: true }) - 1]).toMatch(/schema:/);
    expect(operationFileOf("ads", "get", "/12/no/such/path")).toBeUndefined();
  });
});

describe("the drift report", () => {
  it("names the request, the class and the spec line of a planted status", async () => {
    const plant = answerPlants.find((p) => p.name.startsWith("status changed"));
    const findings = driftOf(await recordPlanted(readRecordingFile(fixture), plant));
    const status = findings.filter((f) => f.kind === "undocumented-status");
    expect(status.length).toBeGreaterThan(0);
    expect(status[0]).toMatchObject({ operationId: "createCampaign", method: "POST", status: 201 });
    expect(status[0]?.spec?.file).toBe("spec/ads/operations/campaigns/createCampaign.yaml");
    const sarif = driftSarif(status);
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]?.results[0]?.locations?.[0]?.physicalLocation.artifactLocation.uri).toBe(
      status[0]?.spec?.file,
    );
  });

  it("the CLI writes drift.md, drift.sarif and drift.json", () => {
    const out = mkdtempSync(join(tmpdir(), "xads-truth-drift-"));
    const run = spawnSync(process.execPath, [main, "drift", fixture, "--out", out], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(join(out, "drift.md"), "utf8")).toMatch(/^# Drift: /);
    expect(JSON.parse(readFileSync(join(out, "drift.sarif"), "utf8")).version).toBe("2.1.0");
    expect(JSON.parse(readFileSync(join(out, "drift.json"), "utf8")).counts).toHaveProperty("undocumented-status", 0);
  });

  it("the sandbox command refuses without credentials and runs nothing", () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("XADS_OAUTH_")));
    const run = spawnSync(process.execPath, [main, "sandbox"], { encoding: "utf8", env, timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("refusing to run: set XADS_OAUTH_CONSUMER_KEY");
    expect(run.stdout).toBe("");
  });
});
