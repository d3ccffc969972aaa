import { describe, expect, it } from "vitest";
import { pathIdentifiersFamily } from "../../../src/families/path-identifiers.js";
import { operation } from "../fixture.js";
import { answer, caseNamed, caseNames, invalid, stubTarget, thing } from "./stub-run.js";

const getThing = operation("getThing");
const thingId = caseNamed(pathIdentifiersFamily, getThing, "path thing_id");

describe("path-identifiers family", () => {
  it("has one case per path parameter, naming the malformed values as they travel", () => {
    expect(caseNames(pathIdentifiersFamily, getThing)).toEqual([
      'path thing_id: accepts "t1", rejects "" %00 t%001 %20 t%201 %2F t%2F1 naming it',
    ]);
    expect(caseNames(pathIdentifiersFamily, operation("createThing"))).toEqual([]);
  });

  it("sends the example to be accepted and each malformed value to be rejected, and counts the parameter", async () => {
    const stub = stubTarget(({ meant }) =>
      meant === "accepted" ? answer(200, thing) : answer(400, invalid("thing_id")),
    );
    await stub.run(pathIdentifiersFamily, getThing, thingId);
    expect(stub.sent.map((s) => [s.meant, s.plan.path.thing_id])).toEqual([
      ["accepted", "t1"],
      ...thingId.malformed.map((value) => ["rejected", value]),
    ]);
    expect(stub.coverage.count("path identifiers")).toBe(1);
  });

  it("fails when the error does not name the parameter, or a malformed value is accepted", async () => {
    for (const rejection of [answer(400, invalid()), answer(400, invalid("count")), answer(200, thing)]) {
      const stub = stubTarget(({ meant }) => (meant === "accepted" ? answer(200, thing) : rejection));
      await expect(stub.run(pathIdentifiersFamily, getThing, thingId)).rejects.toThrow();
      expect(stub.coverage.count("path identifiers")).toBe(0);
    }
  });
});
