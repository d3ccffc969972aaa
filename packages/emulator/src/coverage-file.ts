// Coverage reports on disk (Node only): written whole (the CLI's --coverage FILE), or merged into a file
// that several processes share (a test run's emulators, `XADS_COVERAGE_DIR`), under a lock file. Each
// JSON file gets its HTML page next to it (`coverage.json`: `coverage.html`).
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Coverage } from "./api-coverage/coverage.js";
import { onEmulatorCreated } from "./api-coverage/created.js";
import { coverageHtml } from "./api-coverage/html.js";
import { assertCoverageReport, mergeCoverage } from "./api-coverage/merge.js";
import type { CoverageReport } from "./api-coverage/report.js";

/** The HTML page's file: `FILE.json` becomes `FILE.html`, any other name gets `.html` added. */
export const coverageHtmlPath = (file: string) => `${file.endsWith(".json") ? file.slice(0, -5) : file}.html`;

function writeAtomically(file: string, text: string) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.writing`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Writes the report to `file` (JSON) and its page next to it; answers both paths. */
export function writeCoverageFiles(file: string, report: CoverageReport): { json: string; html: string } {
  const html = coverageHtmlPath(file);
  writeAtomically(file, `${JSON.stringify(report, null, 2)}\n`);
  writeAtomically(html, coverageHtml(report));
  return { json: file, html };
}

export function readCoverageFile(file: string): CoverageReport {
  const report: unknown = JSON.parse(readFileSync(file, "utf8"));
  assertCoverageReport(report, file);
  return report;
}

const LOCK_STALE_MS = 60_000;
const LOCK_GIVE_UP_MS = 30_000;

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` holding `file.lock` (made exclusively; a lock older than a minute is taken as abandoned). */
function withLock<T>(file: string, work: () => T): T {
  const lock = `${file}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const started = Date.now();
  for (;;) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { force: true });
      else if (Date.now() - started > LOCK_GIVE_UP_MS) throw new Error(`coverage: ${lock} is held by another process`);
      else sleep(20);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Merges the report into `file` (created when missing) and rewrites its page; answers the merged report. */
export function mergeIntoCoverageFile(file: string, report: CoverageReport): CoverageReport {
  return withLock(file, () => {
    let existing: CoverageReport | undefined;
    try {
      existing = readCoverageFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const merged = existing ? mergeCoverage(existing, report) : report;
    writeCoverageFiles(file, merged);
    return merged;
  });
}

export interface CoverageCollector {
  /**
   * Moves what the emulators made since the collector started have counted into the file: merges it
   * there and resets their coverage, so that a later flush adds only what came after. Answers the
   * file's report, or undefined when no emulator was made.
   */
  flush(): CoverageReport | undefined;
  /** Stops collecting the emulators made from now on. */
  stop(): void;
}

/** Collects every emulator made in this process from now on, for `flush()` into `file`. */
export function collectCoverage(file: string): CoverageCollector {
  // Only each emulator's coverage is kept (its counts), not the emulator and its records.
  const coverages: Coverage[] = [];
  const stop = onEmulatorCreated((emulator) => coverages.push(emulator.coverage));
  return {
    flush() {
      if (coverages.length === 0) return undefined;
      const report = coverages.map((coverage) => coverage()).reduce(mergeCoverage);
      const merged = mergeIntoCoverageFile(file, report);
      for (const coverage of coverages) coverage.reset();
      return merged;
    },
    stop,
  };
}

/** The variable naming the folder whose `coverage.json` every emulator of a process merges into at exit. */
export const COVERAGE_DIR_VARIABLE = "XADS_COVERAGE_DIR";

/**
 * With `XADS_COVERAGE_DIR` set: collects every emulator made in this process from now on and merges
 * their coverage into `$XADS_COVERAGE_DIR/coverage.json` when the process exits. Without it, nothing.
 */
export function collectCoverageFromEnv(env: Record<string, string | undefined> = process.env) {
  const dir = env[COVERAGE_DIR_VARIABLE];
  if (!dir) return undefined;
  const collector = collectCoverage(join(dir, "coverage.json"));
  process.on("exit", () => {
    try {
      collector.flush();
    } catch (error) {
      console.error(`@xads/emulator: coverage not merged into ${dir}: ${error}`);
    }
  });
  return collector;
}

/** The CLI's `--coverage FILE` on exit: writes the report and its page; answers the lines to print. */
export function saveCoverage(file: string, report: CoverageReport): string {
  try {
    const { json, html } = writeCoverageFiles(file, report);
    return `${report.summary.line}\ncoverage written to ${json} and ${html}`;
  } catch (error) {
    throw new Error(`coverage not written to ${file} (${error instanceof Error ? error.message : String(error)})`);
  }
}
