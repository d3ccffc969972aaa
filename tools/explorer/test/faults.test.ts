// The explorer finds real faults, each shrunk to a short sequence whose seed and path replay it: a
// server error injected into the emulator's reads, and a server that acknowledges a delete and keeps
// the record.
import { createEmulator } from "@xads/emulator";
import { loadCatalogue } from "@xads/spec/lib/catalogue.mjs";
import { describe, expect, it } from "vitest";
import { explore } from "../src/explore.mjs";
import type { ExploreRequest } from "../src/requests.mjs";
import { emulatorTarget, type Target } from "../src/targets.mjs";

const catalogue = loadCatalogue();

/** An emulator whose every run starts with one 500 armed on getCampaign (a reset clears faults). */
async function faultyEmulator(): Promise<Target> {
  const emulator = await createEmulator({ auth: "strict", onInternalError: () => undefined });
  return emulatorTarget(emulator, {
    reset() {
      emulator.reset();
      emulator.faults.add({ operationId: "getCampaign", status: 500, times: 1 });
    },
  });
}

/** A target whose deletes answer as the read of the record marked deleted, and delete nothing. */
async function forgetfulDeletes(): Promise<Target> {
  const base = emulatorTarget(await createEmulator({ auth: "strict" }));
  return {
    ...base,
    name: "an emulator that forgets its deletes",
    async send(request: ExploreRequest) {
      if (request.operation.method !== "delete") return base.send(request);
      const read = catalogue.operation(request.operation.id.replace(/^delete/, "get"));
      const answer = await base.send({ ...request, operation: read });
      const body = answer.body as { data?: { deleted?: boolean } };
      if (answer.status === 200 && body.data) body.data.deleted = true;
      return answer;
    },
  };
}

describe("the explorer finds faults", () => {
  it("fails on an injected 500, naming the seed, the path and the shortest sequence that shows it", async () => {
    const report = await explore({ target: await faultyEmulator() });
    expect(report.passed).toBe(false);
    expect(report.error).toMatch(/^getCampaign \(GET\) answered 500: .*INTERNAL_ERROR/);
    const commands = report.trail.filter((line) => !line.startsWith(" "));
    expect(commands.length).toBeLessThanOrEqual(2);
    expect(report.trail.at(-1)).toMatch(/getCampaign -> 500$/);
    expect(report.message).toContain(`XADS_EXPLORE_SEED=${report.seed} XADS_EXPLORE_PATH=${report.path}`);
    expect(report.message).toContain("error: getCampaign (GET) answered 500");
  });

  it("replays the failure from the seed and path it reports, in one run", async () => {
    const first = await explore({ target: await faultyEmulator(), seed: 7 });
    const replayed = await explore({
      target: await faultyEmulator(),
      seed: first.seed,
      ...(first.path ? { path: first.path } : {}),
      ...(first.replayPath ? { replayPath: first.replayPath } : {}),
    });
    expect(replayed.passed).toBe(false);
    expect(replayed.trail).toEqual(first.trail);
    expect(replayed.error).toBe(first.error);
  });

  it("fails on a delete the server acknowledges without deleting: create, delete, then the record answers", async () => {
    const report = await explore({ target: await forgetfulDeletes() });
    expect(report.passed).toBe(false);
    const commands = report.trail.filter((line) => !line.startsWith(" "));
    expect(commands).toHaveLength(3);
    const [create, remove, after] = commands;
    const resource = /^create (\S+) /.exec(String(create))?.[1];
    expect(remove).toMatch(new RegExp(`^delete ${resource} \\[\\d+\\] \\S+ \\(live\\): delete\\w+ -> 200$`));
    expect(after).toMatch(new RegExp(`^(read|update|delete|list) ${resource}( .*\\(deleted\\))?: \\w+ -> 200$`));
    expect(report.error).toMatch(
      /answered 200 where (a read|an update|a second delete) of a deleted record expects 404|lists the deleted/,
    );
  });

  it("passes on the same emulator without the fault", async () => {
    const report = await explore({ target: emulatorTarget(await createEmulator({ auth: "strict" })), runs: 30 });
    expect(report.passed, report.message).toBe(true);
  });
});
