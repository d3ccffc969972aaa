import { describe, expect, it } from "vitest";
import { caseRun } from "../../src/case-run.js";
import { Coverage, totalsOf } from "../../src/coverage.js";
import type { Answer } from "../../src/requests.js";
import { emulatorTarget } from "../../src/targets/emulator.js";
import { contractTarget, contractTargets } from "../../src/targets/index.js";
import { answer, thing } from "./families/stub-run.js";
import { fixture, operation } from "./fixture.js";

const getThing = operation("getThing");

/** The emulator target's judgement of `first`, with `direct` as the emulator's own answer when asked again. */
async function judged(first: Answer, direct?: Answer) {
  const coverage = new Coverage("fixture", totalsOf(fixture));
  const asked: string[] = [];
  const connection = {
    send: async () => first,
    sendRejected: async () => {
      asked.push("direct");
      return direct ?? first;
    },
  };
  const state = { bundle: fixture, target: emulatorTarget, coverage, connection: () => connection };
  const run = caseRun(expect, getThing, state);
  const accepted = await run.checkAccepted(first, "the minimal request", run.request());
  return { accepted, asked, refused: coverage.refused, checkedBySuite: coverage.checkedBySuite };
}

describe("contract targets", () => {
  it("are found by id, and an unknown id names the known ones", () => {
    expect(contractTargets.map((t) => t.id)).toEqual(["mock", "emulator", "real-host"]);
    expect(contractTarget("emulator")).toBe(emulatorTarget);
    expect(() => contractTarget("staging")).toThrow("the targets are mock, emulator, real-host");
  });

  it("write the emulator's coverage report beside the mock's", () => {
    expect(contractTargets.map((t) => t.report.file("ads"))).toEqual(["ads.txt", "ads.emulator.txt", "ads.txt"]);
  });

  it("emulator: an answer refused by state in the documented error body is not accepted, and is listed", async () => {
    const refusal = answer(400, { errors: [{ code: "NOT_FOUND", message: "thing t1 was not found" }] });
    expect(await judged(refusal)).toEqual({
      accepted: false,
      asked: [],
      refused: [
        { operationId: "getThing", caseId: "the minimal request", reason: "400 NOT_FOUND: thing t1 was not found" },
      ],
      checkedBySuite: [],
    });
  });

  it("emulator: a 500 for an int64 id above 2^53 only is asked again of the emulator and judged by the suite", async () => {
    const violation = { code: "maximum", message: `must be <= ${Number.MAX_SAFE_INTEGER}` };
    const unjudged = answer(500, { validation: [violation] });
    const result = await judged(unjudged, answer(200, thing));
    expect(result).toMatchObject({ accepted: true, asked: ["direct"], refused: [] });
    expect(result.checkedBySuite.map((g) => g.reason)).toEqual(["an integer above 2^53 (int64 id)"]);
    // Any other 500 fails the case.
    await expect(judged(answer(500, { validation: [{ code: "type", message: "must be string" }] }))).rejects.toThrow();
  });
});
