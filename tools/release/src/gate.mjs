// The breaking-change gate: compares the current bundles (spec/dist) with the bundles of the last
// release (spec/releases/<version>/) and fails when the spec breaks its users without a pending
// changeset that declares a major bump of the generated packages.
//   node src/gate.mjs [--root <repository root>]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { breakingChangesAcross } from "./breaking-changes.mjs";
import { generatedPackages, majorChangesets, readPendingChangesets } from "./changesets.mjs";
import { compareVersions, layout, readBaseline, readCurrentBundles } from "./layout.mjs";

const SHOWN = 40;

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */

/**
 * Decides from the baseline, the current documents and the pending changesets.
 * Returns { ok, verdict, changes, majors }.
 * @param {{
 *   baseline: import("./layout.mjs").Baseline | undefined,
 *   current: Record<string, Node>,
 *   changesets: import("./changesets.mjs").Changeset[],
 *   packages: string[],
 * }} inputs
 */
export function evaluateGate({ baseline, current, changesets, packages }) {
  if (!baseline) return { ok: true, verdict: "no-baseline", changes: [], majors: [] };
  const changes = breakingChangesAcross(baseline.documents, current);
  const majors = majorChangesets(changesets, packages);
  if (changes.length === 0) return { ok: true, verdict: "compatible", changes, majors };
  return { ok: majors.length > 0, verdict: majors.length > 0 ? "major-declared" : "blocked", changes, majors };
}

/**
 * Runs the gate on a repository and returns the lines to print and the exit code.
 * @param {string} [root] the repository root
 */
export function runGate(root) {
  const paths = layout(root);
  const baseline = readBaseline(paths);
  const packages = generatedPackages(paths.changesetDir);
  const result = evaluateGate({
    baseline,
    current: readCurrentBundles(paths),
    changesets: readPendingChangesets(paths.changesetDir),
    packages,
  });
  const lines = [];
  const list = () => {
    for (const c of result.changes.slice(0, SHOWN))
      lines.push(`  ${c.document}: ${c.where}: ${c.message} [${c.source}]`);
    if (result.changes.length > SHOWN) lines.push(`  ... and ${result.changes.length - SHOWN} more`);
  };
  switch (result.verdict) {
    case "no-baseline":
      lines.push("gate: no release baseline in spec/releases/ yet: nothing to compare, passing.");
      lines.push("gate: `pnpm version-packages` declares one when the first release is versioned.");
      break;
    case "compatible":
      lines.push(`gate: no breaking change since release ${baseline?.version}.`);
      break;
    case "major-declared":
      lines.push(
        `gate: ${result.changes.length} breaking change(s) since release ${baseline?.version}, declared major by:`,
      );
      for (const c of result.majors) lines.push(`  .changeset/${c.file}`);
      list();
      break;
    case "blocked":
      lines.push(`gate: ${result.changes.length} breaking change(s) since release ${baseline?.version}:`);
      list();
      lines.push(
        `gate: a breaking change needs a changeset with a major bump of ${packages.join(", ")} ` +
          "(run `pnpm changeset` and pick major), or a spec change that keeps compatibility.",
      );
      break;
  }
  const typesVersion = JSON.parse(readFileSync(paths.typesManifest, "utf8")).version;
  if (baseline && compareVersions(typesVersion, baseline.version) > 0) {
    lines.push(
      `gate: note: @xads/types is at ${typesVersion} but the baseline is ${baseline.version}: ` +
        "run `pnpm release:baseline` after versioning.",
    );
  }
  return { lines, exitCode: result.ok ? 0 : 1 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const rootFlag = process.argv.indexOf("--root");
  try {
    const { lines, exitCode } = runGate(rootFlag > 0 ? process.argv[rootFlag + 1] : undefined);
    (exitCode === 0 ? console.log : console.error)(lines.join("\n"));
    process.exitCode = exitCode;
  } catch (error) {
    console.error(`gate: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
