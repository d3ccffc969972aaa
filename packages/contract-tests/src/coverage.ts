import type { LoadedBundle } from "./bundle.js";
import { type BoundCase, casesOf, ENUM_SAMPLE_LIMIT, type EnumCase } from "./cases.js";
import { sitesOf } from "./sites.js";

/** A case the suite knows about but cannot check in full, with the reason, listed under the coverage line. */
export interface Gap {
  operationId: string;
  caseId: string;
  reason: string;
}

/** The lists of gaps a report shows (the fields of `Coverage` that hold them). */
export type GapList =
  | "notExercisable"
  | "unbuildableBounds"
  | "unbuildableEnums"
  | "pastOnly"
  | "refused"
  | "checkedBySuite";

/** The spec's side of the coverage line: every operation, bound, enum and path parameter of a bundle. */
export function totalsOf(bundle: LoadedBundle) {
  const all = bundle.operations.map((entry) => casesOf(bundle, entry));
  return {
    operations: bundle.operations.length,
    bounds: all.flatMap((c) => c.bounds),
    enums: all.flatMap((c) => c.enums),
    identifiers: bundle.operations.flatMap((entry) => sitesOf(bundle, entry).filter((s) => s.in === "path")).length,
  };
}

/** What the suite ran against: the Prism mock, the emulator behind `prism proxy --errors`, or a real host. */
export type CoverageTarget = "mock" | "emulator" | "real host";

/**
 * Counts what a document's suite covered, printed once as a line a reader can check against the seeds:
 * denominators come from the spec (every operation, bound and enum found), numerators from passed cases.
 */
export class Coverage {
  private readonly passed = new Map<string, Set<string>>();
  /** Bounds whose value past the bound cannot reach the mock's validation (a Prism limitation). */
  readonly notExercisable: Gap[] = [];
  /** Bounds for which no value fits the other keywords of the schema. */
  readonly unbuildableBounds: Gap[] = [];
  /** Enums for which no value outside them fits the other keywords of the schema. */
  readonly unbuildableEnums: Gap[] = [];
  /** Bounds whose value at the bound is not sent (real-host mode sends no accepted writes). */
  readonly pastOnly: Gap[] = [];
  /**
   * Emulator: requests a stateless mock accepts that the emulator refused, in the documented error
   * body, for a reason of state or of a cross-field rule (an id no record has, an x-rule the minimal
   * request does not satisfy).
   */
  readonly refused: Gap[] = [];
  /** Emulator: answers Prism could not judge (64-bit ids above 2^53), checked by the suite's own validator. */
  readonly checkedBySuite: Gap[] = [];

  constructor(
    private readonly name: string,
    private readonly totals: { operations: number; bounds: BoundCase[]; enums: EnumCase[]; identifiers: number },
  ) {}

  add(kind: string, key: string) {
    const set = this.passed.get(kind) ?? new Set();
    set.add(key);
    this.passed.set(kind, set);
  }

  note(list: GapList, gap: Gap) {
    this[list].push(gap);
  }

  count(kind: string) {
    return this.passed.get(kind)?.size ?? 0;
  }

  line(target: CoverageTarget): string {
    const { bounds, enums } = this.totals;
    const boundGaps = [
      ...grouped(
        this.notExercisable,
        `not exercisable through ${target === "mock" ? "Prism" : target === "emulator" ? "the emulator" : "the real host"}`,
      ),
      ...grouped(this.unbuildableBounds, "not buildable"),
      ...grouped(this.pastOnly, "checked past the bound only"),
    ];
    const sampled = enums.filter((c) => c.sampled);
    const values = this.count("enum values");
    const enumNotes = [
      `${values} listed values accepted`,
      ...(sampled.length
        ? [
            `first and last only for ${sampled.length} enums over ${ENUM_SAMPLE_LIMIT} values: ${sampled.map((c) => c.id).join(", ")}`,
          ]
        : []),
      ...grouped(this.unbuildableEnums, "without a value outside the enum"),
    ];
    return [
      `coverage ${this.name}${target === "emulator" ? " (emulator behind prism proxy --errors)" : ""}: operations ${this.count("operations")}/${this.totals.operations}`,
      `bounds ${this.count("bounds")}/${bounds.length}${boundGaps.length ? ` (${boundGaps.join("; ")})` : ""}`,
      `enums ${this.count("enums")}/${enums.length} (${enumNotes.join("; ")})`,
      `path identifiers ${this.count("path identifiers")}/${this.totals.identifiers}`,
      `required inputs ${this.count("required inputs")}`,
      `documented errors ${this.count("documented errors")}`,
      `unauthenticated ${this.count("unauthenticated")}`,
      ...(target === "emulator"
        ? [
            `refused by state or a rule ${this.refused.length}`,
            `checked by the suite's validator, not Prism ${this.checkedBySuite.length}`,
          ]
        : []),
    ].join("; ");
  }

  /** The coverage line followed by one line per gap, so no bound is dropped silently. */
  report(target: CoverageTarget): string {
    const details = [
      ...this.notExercisable.map((g) => `  not exercisable: ${g.operationId} ${g.caseId}: ${g.reason}`),
      ...[...this.unbuildableBounds, ...this.unbuildableEnums].map(
        (g) => `  not buildable: ${g.operationId} ${g.caseId}: ${g.reason}`,
      ),
      ...this.refused.map((g) => `  refused by state or a rule: ${g.operationId} ${g.caseId}: ${g.reason}`),
      ...this.checkedBySuite.map((g) => `  checked by the suite, not Prism: ${g.operationId} ${g.caseId}: ${g.reason}`),
    ];
    return [this.line(target), ...details].join("\n");
  }
}

function grouped(gaps: Gap[], label: string): string[] {
  if (gaps.length === 0) return [];
  const reasons = new Map<string, number>();
  for (const gap of gaps) reasons.set(gap.reason, (reasons.get(gap.reason) ?? 0) + 1);
  const parts = [...reasons].map(([reason, n]) => `${n} ${reason}`);
  return [`${gaps.length} ${label}: ${parts.join(", ")}`];
}
