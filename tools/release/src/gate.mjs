// The breaking-change gate: compares the current bundles (spec/dist) with the bundles of the last
// release (spec/releases/<version>/, the newest version directory by semver; baseline.mjs makes it)
// and fails when the spec breaks its users without a changeset that declares a major bump of the
// generated packages. Only changesets added since the baseline count: one already pending when it
// was declared (its release.json lists them) describes changes the baseline holds. The packages are
// one fixed group, released at one version, so one such major changeset covers every breaking
// change of the release.
//   node src/gate.mjs [--root <repository root>]
import { pathToFileURL } from "node:url";
import { breakingChangesAcross } from "./breaking-changes.mjs";
import { generatedPackages, majorChangesets, readPendingChangesets } from "./changesets.mjs";
import { compareVersions, groupVersion, layout, readBaseline, readCurrentBundles } from "./layout.mjs";

const SHOWN = 40;

/** @typedef {import("@xads/spec/lib/operations.mjs").Node} Node */

/**
 * Decides from the baseline, the current documents and the pending changesets.
 * Returns { ok, verdict, changes, majors, earlier }: `majors` the major changesets added since the
 * baseline, `earlier` those that were pending when it was declared (not counted).
 * @param {{
 *   baseline: import("./layout.mjs").Baseline | undefined,
 *   current: Record<string, Node>,
 *   changesets: import("./changesets.mjs").Changeset[],
 *   packages: string[],
 * }} inputs
 */
export function evaluateGate({ baseline, current, changesets, packages }) {
  if (!baseline) return { ok: true, verdict: "no-baseline", changes: [], majors: [], earlier: [] };
  const changes = breakingChangesAcross(baseline.documents, current);
  const pending = new Set(baseline.pendingChangesets);
  const majors = majorChangesets(
    changesets.filter((c) => !pending.has(c.file)),
    packages,
  );
  const earlier = majorChangesets(
    changesets.filter((c) => pending.has(c.file)),
    packages,
  );
  if (changes.length === 0) return { ok: true, verdict: "compatible", changes, majors, earlier };
  const ok = majors.length > 0;
  return { ok, verdict: ok ? "major-declared" : "blocked", changes, majors, earlier };
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
      for (const c of result.earlier) {
        lines.push(
          `gate: .changeset/${c.file} declares major but was pending when ${baseline?.version} was declared: ` +
            "it covers changes that release holds, not these.",
        );
      }
      lines.push(
        `gate: a breaking change needs a changeset with a major bump of ${packages.join(", ")} ` +
          "(run `pnpm changeset` and pick major), or a spec change that keeps compatibility.",
      );
      break;
  }
  const version = groupVersion(paths, packages);
  if (baseline && compareVersions(version, baseline.version) > 0) {
    lines.push(
      `gate: note: the packages are at ${version} but the baseline is ${baseline.version}: ` +
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
