import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { loadBundle } from "./bundle.js";
import { caseRun, type SuiteState } from "./case-run.js";
import { Coverage, totalsOf } from "./coverage.js";
import { caseFamilies } from "./families/index.js";
import { contractTarget } from "./targets/index.js";
import type { Connection } from "./targets/target.js";

/** Where each suite also writes its coverage report (test-results/coverage/<document>.txt). */
const reportDir = fileURLToPath(new URL("../test-results/coverage/", import.meta.url));

/** Registers the spec-driven contract cases of one document: every case family over every operation. */
export function contractSuite(name: string) {
  const bundle = loadBundle(name);
  const endpoint = inject("endpoints").find((e) => e.name === name);
  const coverage = new Coverage(name, totalsOf(bundle));

  describe(`${name} contract`, () => {
    if (!endpoint) throw new Error(`no target for ${name}: is its bundle empty?`);
    const target = contractTarget(endpoint.target);
    let connected: Connection | undefined;
    const connection = () => {
      if (!connected) throw new Error(`${name}: not connected to its ${target.id} target`);
      return connected;
    };
    const state: SuiteState = { bundle, target, coverage, connection };
    beforeAll(async () => {
      connected = await target.connect(endpoint);
    });
    afterAll(() => {
      const report = coverage.report(target.report.as);
      console.log(report);
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, target.report.file(name)), `${report}\n`);
    });

    const scope = { bundle, limitations: target.limitations };
    // The mock is stateless, and the emulator answers each request from its start state: an
    // operation's cases run together. A real host gets them one at a time.
    const group = target.limitations.oneAtATime ? describe : describe.concurrent;
    for (const entry of bundle.operations) {
      group(`${entry.method.toUpperCase()} ${entry.path} (${entry.id})`, () => {
        for (const family of caseFamilies) {
          for (const contractCase of family.casesOf(entry, scope)) {
            for (const { list, caseId, reason } of contractCase.gaps ?? [])
              coverage.note(list, { operationId: entry.id, caseId, reason });
            if (contractCase.name === undefined) continue;
            it(contractCase.name, ({ expect }) => family.check(contractCase, caseRun(expect, entry, state)));
          }
        }
      });
    }
  });
}
