import type { Operation } from "@xads/spec/lib/model.mjs";
import { expect } from "vitest";
import type { LoadedBundle } from "../../../src/bundle.js";
import { caseRun } from "../../../src/case-run.js";
import { Coverage, totalsOf } from "../../../src/coverage.js";
import type { CaseFamily, ContractCase } from "../../../src/families/index.js";
import type { Answer, RequestPlan } from "../../../src/requests.js";
import type { ContractTarget } from "../../../src/targets/index.js";
import { mockTarget } from "../../../src/targets/mock.js";
import { fixture } from "../fixture.js";

/** An answer as a target gives it: a JSON body (when given) and these headers. */
export function answer(status: number, body?: unknown, headers: Record<string, string> = {}): Answer {
  if (body === undefined) return { status, headers: new Headers(headers), text: "", json: undefined };
  const all = new Headers({ "content-type": "application/json", ...headers });
  return { status, headers: all, text: JSON.stringify(body), json: body };
}

/** The target whose limitations apply (the mock by default) and the bundle (the fixture by default). */
interface Scope {
  target?: ContractTarget;
  bundle?: LoadedBundle;
}

/** A request the stub target received, and whether the case meant it to be accepted or rejected. */
export interface Sent {
  plan: RequestPlan;
  meant: "accepted" | "rejected";
}

/**
 * Runs cases of a family over one operation of a bundle (the fixture by default) against a stand-in
 * target that answers with `reply`: the real case wiring, without a server.
 */
export function stubTarget(reply: (sent: Sent) => Answer, { target = mockTarget, bundle = fixture }: Scope = {}) {
  const sent: Sent[] = [];
  const coverage = new Coverage(bundle.name, totalsOf(bundle));
  const take = (meant: Sent["meant"]) => async (_: Operation, plan: RequestPlan) => {
    const request = { plan, meant };
    sent.push(request);
    return reply(request);
  };
  const connection = { send: take("accepted"), sendRejected: take("rejected") };
  const state = { bundle, target, coverage, connection: () => connection };
  const run = <Case extends ContractCase>(family: CaseFamily<Case>, entry: Operation, contractCase: Case) =>
    family.check(contractCase, caseRun(expect, entry, state));
  return { sent, coverage, run };
}

/** A family's cases of one operation, for a target's limitations (the mock's by default). */
export function casesOf<Case extends ContractCase>(
  family: CaseFamily<Case>,
  entry: Operation,
  { target = mockTarget, bundle = fixture }: Scope = {},
): Case[] {
  return family.casesOf(entry, { bundle, limitations: target.limitations });
}

/** The names of a family's cases of one operation. */
export function caseNames(family: CaseFamily, entry: Operation, scope: Scope = {}) {
  return casesOf(family, entry, scope).map((c) => c.name);
}

/** The case whose name starts with `name`. */
export function caseNamed<Case extends ContractCase>(
  family: CaseFamily<Case>,
  entry: Operation,
  name: string,
  scope: Scope = {},
): Case {
  const found = casesOf(family, entry, scope).find((c) => c.name?.startsWith(name));
  if (!found) throw new Error(`${family.id} has no case ${name} for ${entry.id}`);
  return found;
}

/** The documented success body of the fixture's operations. */
export const thing = { data: { id: "t1" } };
/** The fixture's error body, naming a parameter. */
export const invalid = (parameter?: string) => ({
  errors: [{ code: "INVALID_PARAMETER", ...(parameter ? { parameter } : {}) }],
});
