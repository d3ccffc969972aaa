import { casesOf, type EnumCase } from "../cases.js";
import { expectRejected } from "../expectations.js";
import { show } from "../show.js";
import { sendsAccepted } from "../targets/target.js";
import type { CaseFamily, ContractCase } from "./family.js";

interface EnumsCase extends ContractCase {
  enumCase: EnumCase;
  /** The listed values sent (none to a real host for a write). */
  accepted: unknown[];
}

export const enumsFamily: CaseFamily<EnumsCase> = {
  id: "enums",
  describe: "each enum: every listed value (the first and last of a long one) accepted, one value outside it rejected",
  casesOf(entry, { bundle, limitations }) {
    return casesOf(bundle, entry).enums.map((enumCase): EnumsCase => {
      const what = `${enumCase.sampled ? "first and last" : "each"} of ${enumCase.listed} values`;
      return {
        name: `enum ${enumCase.id}: accepts ${what}, rejects ${show(enumCase.rejected)}`,
        enumCase,
        accepted: sendsAccepted(limitations, entry) ? enumCase.accepted : [],
        ...(enumCase.unbuildable
          ? { gaps: [{ list: "unbuildableEnums", caseId: enumCase.id, reason: enumCase.unbuildable }] }
          : {}),
      };
    });
  },
  async check({ enumCase, accepted }, run) {
    const { expect, bundle, entry } = run;
    const answers = await Promise.all(accepted.map((value) => run.send(run.planAt(enumCase.site, value))));
    for (const [i, answer] of answers.entries())
      await run.checkAccepted(
        answer,
        `${enumCase.id} listed value ${show(accepted[i])}`,
        run.planAt(enumCase.site, accepted[i]),
      );
    if (enumCase.rejected !== undefined) {
      const answer = await run.sendRejected(run.planAt(enumCase.site, enumCase.rejected));
      expectRejected(expect, bundle, entry, answer, `value outside the enum ${show(enumCase.rejected)}`);
      run.covered("enums", `${entry.id} ${enumCase.id}`);
    }
    for (const value of accepted) run.covered("enum values", `${entry.id} ${enumCase.id} ${show(value)}`);
  },
};
