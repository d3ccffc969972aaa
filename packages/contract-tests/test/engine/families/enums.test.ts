import { describe, expect, it } from "vitest";
import { enumsFamily } from "../../../src/families/enums.js";
import { realHostTarget } from "../../../src/targets/real-host.js";
import { operation } from "../fixture.js";
import { answer, caseNamed, caseNames, invalid, stubTarget, thing } from "./stub-run.js";

const getThing = operation("getThing");
const sort = caseNamed(enumsFamily, getThing, "enum query.sort");

describe("enums family", () => {
  it("has a case per enum, naming how many values are sent and the one outside", () => {
    expect(caseNames(enumsFamily, getThing)).toEqual([
      'enum query.sort enum: accepts each of 2 values, rejects "NOT_LISTED"',
      'enum query.statuses enum: accepts each of 3 values, rejects ["NOT_LISTED"]',
    ]);
  });

  it("sends each listed value to be accepted and one outside to be rejected, and counts both", async () => {
    const stub = stubTarget(({ meant }) => (meant === "accepted" ? answer(200, thing) : answer(400, invalid("sort"))));
    await stub.run(enumsFamily, getThing, sort);
    expect(stub.sent.map((s) => [s.meant, s.plan.query.sort])).toEqual([
      ["accepted", "asc"],
      ["accepted", "desc"],
      ["rejected", "NOT_LISTED"],
    ]);
    expect(stub.coverage.count("enums")).toBe(1);
    expect(stub.coverage.count("enum values")).toBe(2);
  });

  it("sends a real host only the value outside the enum of a write", async () => {
    const createThing = operation("createThing");
    const level = caseNamed(enumsFamily, createThing, "enum body.level", { target: realHostTarget });
    expect(level.accepted).toEqual([]);
    const stub = stubTarget(() => answer(400, invalid("level")), { target: realHostTarget });
    await stub.run(enumsFamily, createThing, level);
    expect(stub.sent.map((s) => s.meant)).toEqual(["rejected"]);
  });

  it("fails when the value outside the enum is accepted", async () => {
    const stub = stubTarget(() => answer(200, thing));
    await expect(stub.run(enumsFamily, getThing, sort)).rejects.toThrow(/outside the enum/);
    expect(stub.coverage.count("enums")).toBe(0);
  });
});
