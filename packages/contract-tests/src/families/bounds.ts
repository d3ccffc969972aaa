import { type BoundCase, casesOf } from "../cases.js";
import { expectRejected } from "../expectations.js";
import { show } from "../show.js";
import { sendsAccepted } from "../targets/target.js";
import type { CaseFamily, CaseGap, ContractCase } from "./family.js";

interface BoundsCase extends ContractCase {
  bound: BoundCase;
  /** Why the value past the bound cannot reach the target as itself: then it is not sent. */
  unreachable?: string;
  /** False when the value at the bound is not sent (a write, to a real host). */
  sendsAtBound: boolean;
}

export const boundsFamily: CaseFamily<BoundsCase> = {
  id: "bounds",
  describe:
    "each minimum, maximum, length and item-count bound: the value at the bound accepted, the nearest value past it rejected",
  casesOf(entry, { bundle, limitations }) {
    return casesOf(bundle, entry).bounds.map((bound): BoundsCase => {
      if (bound.unbuildable) {
        return {
          bound,
          sendsAtBound: false,
          gaps: [{ list: "unbuildableBounds", caseId: bound.id, reason: bound.unbuildable }],
        };
      }
      const unreachable = limitations.unreachable(bound.site, bound.rejected);
      const sendsAtBound = sendsAccepted(limitations, entry);
      const gaps: CaseGap[] = [];
      if (unreachable) gaps.push({ list: "notExercisable", caseId: bound.id, reason: unreachable });
      if (!sendsAtBound) gaps.push({ list: "pastOnly", caseId: bound.id, reason: "a write" });
      return {
        name: `bound ${bound.id}: accepts ${show(bound.accepted)}, rejects ${show(bound.rejected)}`,
        bound,
        sendsAtBound,
        gaps,
        ...(unreachable ? { unreachable } : {}),
      };
    });
  },
  async check({ bound, unreachable, sendsAtBound }, run) {
    const { expect, bundle, entry } = run;
    const [atBound, pastBound] = await Promise.all([
      sendsAtBound ? run.send(run.planAt(bound.site, bound.accepted)) : undefined,
      unreachable ? undefined : run.sendRejected(run.planAt(bound.site, bound.rejected)),
    ]);
    const acceptedAtBound =
      atBound !== undefined &&
      (await run.checkAccepted(
        atBound,
        `${bound.id} at the bound (${show(bound.accepted)})`,
        run.planAt(bound.site, bound.accepted),
      ));
    if (pastBound) expectRejected(expect, bundle, entry, pastBound, `past the bound (${show(bound.rejected)})`);
    if (acceptedAtBound && pastBound) run.covered("bounds", `${entry.id} ${bound.id}`);
  },
};
