import type { Operation } from "@xads/spec/lib/model.mjs";
import type { ExpectStatic } from "vitest";
import type { LoadedBundle } from "./bundle.js";
import type { Coverage } from "./coverage.js";
import type { CaseRun } from "./families/family.js";
import { withCompanions, withValue } from "./plans.js";
import type { Connection, ContractTarget } from "./targets/target.js";

/** What a document's suite shares with each of its cases. */
export interface SuiteState {
  bundle: LoadedBundle;
  target: ContractTarget;
  coverage: Coverage;
  connection(): Connection;
}

/** What one case of an operation runs with: its requests go through the target's connection. */
export function caseRun(
  expect: ExpectStatic,
  entry: Operation,
  { bundle, target, coverage, connection }: SuiteState,
): CaseRun {
  const request = () => target.request(entry);
  return {
    expect,
    bundle,
    entry,
    limitations: target.limitations,
    request,
    planAt: (site, value) => withValue(withCompanions(request(), entry, site), site, value),
    send: (plan) => connection().send(entry, plan),
    sendRejected: (plan) => connection().sendRejected(entry, plan),
    checkAccepted: (answer, what, plan) =>
      target.checkAccepted({ expect, bundle, entry, connection: connection(), coverage, answer, what, plan }),
    covered: (kind, key) => coverage.add(kind, key),
  };
}
