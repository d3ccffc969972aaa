import { describe, expect, it } from "vitest";
import { boundsFamily } from "../../../src/families/bounds.js";
import { emulatorTarget } from "../../../src/targets/emulator.js";
import { realHostTarget } from "../../../src/targets/real-host.js";
import { operation } from "../fixture.js";
import { answer, caseNamed, casesOf, invalid, stubTarget, thing } from "./stub-run.js";

const getThing = operation("getThing");
const createThing = operation("createThing");
/** A target that accepts what is meant to be accepted and rejects the rest. */
function acceptsAtBound(scope: Parameters<typeof stubTarget>[1] = {}) {
  return stubTarget(({ meant }) => (meant === "accepted" ? answer(200, thing) : answer(400, invalid())), scope);
}

describe("bounds family", () => {
  it("has a test per buildable bound, and notes the bounds it cannot check in full", () => {
    const cases = casesOf(boundsFamily, getThing);
    expect(cases).toHaveLength(11);
    expect(cases.filter((c) => c.name)).toHaveLength(10);
    expect(cases.find((c) => c.name?.startsWith("bound query.count maximum 1000"))?.name).toBe(
      "bound query.count maximum 1000: accepts 1000, rejects 1001",
    );
    expect(cases.flatMap((c) => c.gaps ?? [])).toEqual([
      {
        list: "unbuildableBounds",
        caseId: "path.thing_id minLength 1",
        reason: "no value past the bound fits the other keywords",
      },
      {
        list: "notExercisable",
        caseId: "query.ids minItems 1",
        reason: "an empty comma-separated list reads as an absent parameter",
      },
    ]);
  });

  it("takes what the target cannot do from its limitations", () => {
    // The emulator is reached directly with the values Prism cannot see.
    const emulated = casesOf(boundsFamily, getThing, { target: emulatorTarget }).flatMap((c) => c.gaps ?? []);
    expect(emulated.map((g) => g.list)).toEqual(["unbuildableBounds"]);
    // A real host gets no write only to be accepted.
    const real = casesOf(boundsFamily, createThing, { target: realHostTarget });
    expect(real.map((c) => c.gaps?.map((g) => `${g.list}: ${g.reason}`))).toEqual([
      ["pastOnly: a write"],
      ["pastOnly: a write"],
      ["pastOnly: a write"],
    ]);
  });

  it("sends the value at the bound and the value past it, and counts the bound when both answer as documented", async () => {
    const stub = acceptsAtBound();
    await stub.run(boundsFamily, getThing, caseNamed(boundsFamily, getThing, "bound query.count maximum 1000"));
    expect(stub.sent.map((s) => [s.meant, s.plan.query.count])).toEqual([
      ["accepted", 1000],
      ["rejected", 1001],
    ]);
    expect(stub.coverage.count("bounds")).toBe(1);
  });

  it("sends only what the target can check, and then does not count the bound", async () => {
    const unreachable = acceptsAtBound();
    await unreachable.run(boundsFamily, getThing, caseNamed(boundsFamily, getThing, "bound query.ids minItems 1"));
    expect(unreachable.sent.map((s) => s.meant)).toEqual(["accepted"]);
    const write = acceptsAtBound({ target: realHostTarget });
    const name = "bound body.name maxLength 5";
    await write.run(boundsFamily, createThing, caseNamed(boundsFamily, createThing, name, { target: realHostTarget }));
    expect(write.sent.map((s) => s.meant)).toEqual(["rejected"]);
    expect(unreachable.coverage.count("bounds") + write.coverage.count("bounds")).toBe(0);
  });

  it("fails when the value past the bound is accepted", async () => {
    const stub = stubTarget(() => answer(200, thing));
    const contractCase = caseNamed(boundsFamily, getThing, "bound query.count maximum 1000");
    await expect(stub.run(boundsFamily, getThing, contractCase)).rejects.toThrow(/past the bound \(1001\)/);
  });
});
