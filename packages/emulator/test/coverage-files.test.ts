// Coverage across emulators and processes: mergeCoverage, the collector that merges a process's
// emulators into one file, and the CLI's --coverage FILE written on SIGTERM.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { collectCoverage, readCoverageFile } from "../src/coverage-file.js";
import { type CoverageReport, createEmulator, type Emulator, mergeCoverage } from "../src/index.js";
import { accountPath, call, newEmulator } from "./helpers.js";

const operation = (report: CoverageReport, id: string) =>
  report.documents.flatMap((document) => document.operations).find((o) => o.operationId === id);

const status = (report: CoverageReport, id: string, code: string) =>
  operation(report, id)?.statuses.find((s) => s.status === code)?.answered;

async function listTwice(emu: Emulator) {
  await call(emu, "GET", accountPath(emu, "/campaigns?count=1000"));
  await call(emu, "GET", accountPath(emu, "/campaigns?count=1001"));
}

describe("coverage across emulators", () => {
  it("mergeCoverage adds the counts of two reports and recomputes the summary", async () => {
    const first = await newEmulator();
    const second = await newEmulator();
    await call(first, "GET", accountPath(first, "/campaigns?count=1000"));
    await call(second, "GET", accountPath(second, "/campaigns?count=1001"));
    await call(second, "GET", accountPath(second, "/campaigns/nosuch"));
    const a = first.coverage();
    const b = second.coverage();
    expect(a.summary.bounds.covered).toBe(0);
    expect(b.summary.bounds.covered).toBe(0);

    const merged = mergeCoverage(a, b);
    expect(merged.exchanges).toBe(3);
    expect(operation(merged, "listCampaigns")?.bounds[0]).toMatchObject({ bound: "count", at: 1, past: 1 });
    expect(status(merged, "listCampaigns", "200")).toBe(1);
    expect(status(merged, "listCampaigns", "400")).toBe(1);
    expect(merged.summary.operations.covered).toBe(2);
    expect(merged.summary.bounds.covered).toBe(1);
    expect(merged.summary.line).toContain("bounds 1/");
    // The inputs are left as they were.
    expect(a.exchanges).toBe(1);
  });

  it("mergeCoverage keeps what only one report knows, and refuses what is not a report", async () => {
    const emu = await newEmulator();
    await call(emu, "GET", "/12/accounts");
    const report = emu.coverage();
    const older = structuredClone(report);
    const [ads] = older.documents.filter((d) => d.name === "ads");
    if (!ads) throw new Error("no ads document");
    ads.operations = ads.operations.filter((o) => o.operationId !== "listAccounts");
    older.stateRules.push({ id: "retired-rule", held: 2, broken: 0 });
    const merged = mergeCoverage(older, report);
    expect(status(merged, "listAccounts", "200")).toBe(1);
    expect(merged.stateRules.find((r) => r.id === "retired-rule")).toEqual({ id: "retired-rule", held: 2, broken: 0 });
    expect(() => mergeCoverage(report, {} as CoverageReport)).toThrow(TypeError);
  });

  it("a collector merges every emulator made in the process into one file, each count once", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "xads-coverage-")), "coverage.json");
    const collector = collectCoverage(file);
    try {
      const direct = await createEmulator({ now: Date.parse("2026-01-01T00:00:00Z") });
      const helped = await newEmulator();
      await listTwice(direct);
      await listTwice(helped);
      const flushed = collector.flush();
      expect(flushed?.exchanges).toBe(4);
      // A second flush adds only what came after the first.
      await call(helped, "GET", "/12/accounts");
      collector.flush();
    } finally {
      collector.stop();
    }
    const written = readCoverageFile(file);
    expect(written.exchanges).toBe(5);
    expect(operation(written, "listCampaigns")?.bounds[0]).toMatchObject({ at: 2, past: 2 });
    expect(readFileSync(file.replace(/\.json$/, ".html"), "utf8")).toContain(written.summary.line);
    expect(existsSync(`${file}.lock`)).toBe(false);
    // Stopped: an emulator made now is not collected.
    const late = await newEmulator();
    await call(late, "GET", "/12/accounts");
    collector.flush();
    expect(readCoverageFile(file).exchanges).toBe(5);
  });

  it("the CLI writes the report and its page on SIGTERM and prints the summary line", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "xads-coverage-")), "run.json");
    // The built bin (turbo builds before it tests).
    const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
    const child = spawn(process.execPath, [cli, "--coverage", file, "--lenient-auth"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => {
        if (output.includes("Controls:")) resolve();
      });
      child.once("exit", () => reject(new Error(`exited early: ${output}`)));
    });
    const ads = /ads\s+(http:\/\/\S+)/.exec(output)?.[1];
    const answer = await fetch(`${ads}/12/accounts`, { headers: { authorization: "OAuth mock" } });
    expect(answer.status).toBe(200);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const report = readCoverageFile(file);
    expect(report.exchanges).toBe(1);
    expect(status(report, "listAccounts", "200")).toBe(1);
    expect(output).toContain(report.summary.line);
    expect(output).toContain(`coverage written to ${file} and ${file.replace(/\.json$/, ".html")}`);
    expect(readFileSync(file.replace(/\.json$/, ".html"), "utf8")).toMatch(/^<!doctype html>/);
  });
});
